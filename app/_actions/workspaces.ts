"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { cookies } from "next/headers";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZWorkspaceName } from "@/lib/schemas/account";
import { AppError } from "@/server/errors";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { listMemberships } from "@/server/services/workspaces/list-memberships";

const cookieOptions = { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: 60 * 60 * 24 * 365 };

export const createWorkspaceAction = dashboardAction(
  "workspace",
  z.object({ name: ZWorkspaceName }),
  async ({ name }, { userId }) => {
    const workspace = await createWorkspace({ name, ownerId: userId });
    (await cookies()).set(WORKSPACE_COOKIE, workspace.id, cookieOptions);
    return workspace;
  },
);

export const switchWorkspaceAction = dashboardAction(
  "workspace",
  z.object({ id: ZUuid }),
  async ({ id }, { userId }) => {
    const memberships = await listMemberships(userId);
    if (!memberships.some((m) => m.id === id)) throw new AppError("NOT_FOUND", "Workspace not found.");
    (await cookies()).set(WORKSPACE_COOKIE, id, cookieOptions);
    return { id };
  },
);
