// The one wrapper for dashboard server actions: session, workspace membership, input parsing, typed errors.
// Next.js already rejects server-action POSTs whose Origin does not match the host.
import "server-only";
import type { z } from "zod";
import { cookies } from "next/headers";
import { getServerSession } from "next-auth";
import { AppError, type FieldError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { listMemberships, type WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { authOptions } from "./options";
import { currentWorkspace, WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldError[] };

type ActionContext = { userId: string; workspace: WorkspaceMembership };

export function dashboardAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    try {
      const session = await getServerSession(authOptions);
      if (!session?.user?.id) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      const workspaces = await listMemberships(session.user.id);
      const workspace = currentWorkspace(workspaces, (await cookies()).get(WORKSPACE_COOKIE)?.value);
      if (!workspace) throw new AppError("FORBIDDEN", "You are not a member of any workspace.");
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { ok: false, error: "Check the highlighted fields.", fieldErrors: toFieldErrors(parsed.error) };
      }
      return { ok: true, data: await fn(parsed.data, { userId: session.user.id, workspace }) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.message, fieldErrors: error.errors };
      console.error(error);
      return { ok: false, error: "Something went wrong. Try again." };
    }
  };
}
