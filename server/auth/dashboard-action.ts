// The one wrapper for dashboard server actions: session, workspace membership, the role's reach (lib/permissions),
// input parsing, typed errors. Next.js already rejects server-action POSTs whose Origin does not match the host.
// accountAction is its twin for the signed-in person's own account, which needs no workspace.
import "server-only";
import type { z } from "zod";
import { AppError, type AppErrorCode, type FieldError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { findUnstorableText } from "@/lib/unstorable-text";
import { can, forbiddenMessage, type Area } from "@/lib/permissions";
import type { WorkspaceMembership } from "@/server/services/workspaces/list-memberships";
import { dashboardSession } from "./dashboard-session";
import { requestCookies } from "./request-cookies";

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldError[]; code?: AppErrorCode };

type ActionContext = { userId: string; sessionId: string; workspace: WorkspaceMembership };
type AccountContext = { userId: string; sessionId: string; user: { id: string; email: string; name: string | null } };

/** A server action, and the area it belongs to (the role matrix test reads it). */
export type DashboardAction<I, T> = ((input: I) => Promise<ActionResult<T>>) & { area: Area | "account" };

export function dashboardAction<S extends z.ZodType, T>(
  area: Area,
  schema: S,
  fn: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
): DashboardAction<z.input<S>, T> {
  const action = async (raw: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const session = await dashboardSession(await requestCookies());
      if (!session) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      const { userId, sessionId, workspace } = session;
      if (!workspace) throw new AppError("FORBIDDEN", "You are not a member of any workspace.");
      // Before the input is even read: a refused role learns nothing from validation messages.
      requireArea(workspace.role, area);
      const parsed = parseActionInput(schema, raw);
      if (!parsed.ok) return { ok: false, error: "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
      return { ok: true, data: await fn(parsed.data, { userId, sessionId, workspace }) };
    } catch (error) {
      return failure(error);
    }
  };
  return Object.assign(action, { area });
}

/**
 * A second, finer check inside an action whose reach depends on what it touches (editing a scheduled broadcast or a
 * published form changes what goes out, so it needs the area that sends or publishes): the same table, the same
 * refusal.
 */
export function requireArea(role: WorkspaceMembership["role"], area: Area): void {
  if (!can(role, area)) throw new AppError("FORBIDDEN", forbiddenMessage(area));
}

/** For the signed-in person's own account (name, email, password, sessions): no workspace needed. */
export function accountAction<S extends z.ZodType, T>(
  schema: S,
  fn: (input: z.output<S>, ctx: AccountContext) => Promise<T>,
): DashboardAction<z.input<S>, T> {
  const action = async (raw: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const session = await dashboardSession(await requestCookies());
      if (!session) throw new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");
      const parsed = parseActionInput(schema, raw);
      if (!parsed.ok) return { ok: false, error: "Check the highlighted fields.", fieldErrors: parsed.fieldErrors };
      const { userId, sessionId, user } = session;
      return { ok: true, data: await fn(parsed.data, { userId, sessionId, user }) };
    } catch (error) {
      return failure(error);
    }
  };
  return Object.assign(action, { area: "account" as const });
}

function failure(error: unknown): { ok: false; error: string; fieldErrors?: FieldError[]; code?: AppErrorCode } {
  if (error instanceof AppError)
    return { ok: false, error: error.message, fieldErrors: error.errors, code: error.code };
  // redirect() and notFound() from an action must reach Next.js, not become an error message.
  if (isNextControlFlow(error)) throw error;
  console.error(error);
  return { ok: false, error: "Something went wrong. Try again." };
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && (digest.startsWith("NEXT_REDIRECT") || digest.startsWith("NEXT_HTTP_ERROR"));
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
