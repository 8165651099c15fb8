// The one wrapper for dashboard server actions: session, workspace membership, input parsing, typed errors.
// Next.js already rejects server-action POSTs whose Origin does not match the host.
import "server-only";
import type { z } from "zod";
import { AppError, type AppErrorCode, type FieldError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { findUnstorableText } from "@/lib/unstorable-text";
import type { WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { dashboardSession } from "./dashboard-session";
import { requestCookies } from "./request-cookies";

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldError[]; code?: AppErrorCode };

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
      const parsed = parseActionInput(schema, raw);
      if (!parsed.ok) return { ok: false, error: "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
      return { ok: true, data: await fn(parsed.data, { userId, sessionId, workspace }) };
    } catch (error) {
      if (error instanceof AppError)
        return { ok: false, error: error.message, fieldErrors: error.errors, code: error.code };
      console.error(error);
      return { ok: false, error: "Something went wrong. Try again." };
    }
  };
}

/**
 * An action's input as its schema parses it, or the field errors. Text PostgreSQL cannot store (NUL, unpaired
 * surrogates) is refused first, anywhere in the input, as parse-input.ts does for route handlers.
 */
export function parseActionInput<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fieldErrors: FieldError[] } {
  const unstorable = findUnstorableText(raw);
  if (unstorable.length) return { ok: false, fieldErrors: unstorable };
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fieldErrors: toFieldErrors(parsed.error) };
}
