"use server";
// A signed-in person who belongs to no workspace (they deleted or left their last one, or were removed) creates one
// here. accountAction: there is no current workspace to check a role against, only the person's own session.
import { cookies } from "next/headers";
import { z } from "zod";
import { ZWorkspaceName } from "@/lib/schemas/account";
import { accountAction } from "@/server/auth/dashboard-action";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";

export const createFirstWorkspaceAction = accountAction(
  z.strictObject({ name: ZWorkspaceName }),
  async ({ name }, { userId }) => {
    const workspace = await createWorkspace({ name, ownerId: userId });
    (await cookies()).set(WORKSPACE_COOKIE, workspace.id, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
    });
    return workspace;
  },
);
