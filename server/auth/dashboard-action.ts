// The one wrapper for dashboard server actions: session, workspace membership, input parsing, typed errors.
// Next.js already rejects server-action POSTs whose Origin does not match the host.
import "server-only";
import type { z } from "zod";
import { AppError, type FieldError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import type { WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { dashboardSession } from "./dashboard-session";
import { requestCookies } from "./request-cookies";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldError[] };

type ActionContext = { userId: string; sessionId: string; workspace: WorkspaceMembership };

export function dashboardAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (raw) => {
    try {
      const session = await dashboardSession(await requestCookies());
      if (!session) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      const { userId, sessionId, workspace } = session;
      if (!workspace) throw new AppError("FORBIDDEN", "You are not a member of any workspace.");
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { ok: false, error: "Check the highlighted fields.", fieldErrors: toFieldErrors(parsed.error) };
      }
      return { ok: true, data: await fn(parsed.data, { userId, sessionId, workspace }) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.message, fieldErrors: error.errors };
      console.error(error);
      return { ok: false, error: "Something went wrong. Try again." };
    }
  };
}
