// Client-side handling of the dashboard's ActionResult contract: { ok, data } | { ok: false, error, fieldErrors }.
export type ActionFieldError = { pointer: string; detail: string };
export type ActionResultLike<T> =
  | { ok: true; data: T }
  /** `code` is the service's error code when it threw one ("CONFLICT", "NOT_FOUND", …). */
  | { ok: false; error: string; fieldErrors?: ActionFieldError[]; code?: string };

/** Field errors keyed by the top-level field name ("#/name" → "name"); the first message per field wins. */
export type FieldErrorMap = Record<string, string>;

export function toFieldErrorMap(errors: ActionFieldError[] = []): FieldErrorMap {
  const map: FieldErrorMap = {};
  for (const { pointer, detail } of errors) {
    const field = pointer.replace(/^#\/?/, "").split("/")[0] || "_";
    map[field] ??= detail;
  }
  return map;
}

/** Thrown by `unwrap` so TanStack Query mutations see a failed action as an error that keeps its field errors. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: FieldErrorMap = {},
  ) {
    super(message);
    this.name = "ActionError";
  }
}

export function unwrap<T>(result: ActionResultLike<T>): T {
  if (result.ok) return result.data;
  throw new ActionError(result.error, toFieldErrorMap(result.fieldErrors));
}

/** The summary dashboardAction gives every validation failure; it adds nothing beside a field's own message. */
const GENERIC_VALIDATION_MESSAGE = "Check the highlighted fields.";

/** A field's message, led by the action's summary when that says more (a 409's "A tag named … already exists."). */
export function fieldMessage(error: string | undefined, fieldError: string | undefined): string | undefined {
  if (!fieldError) return undefined;
  return error && error !== GENERIC_VALIDATION_MESSAGE && error !== fieldError ? `${error} ${fieldError}` : fieldError;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong. Try again.";
}

export function fieldErrorsOf(error: unknown): FieldErrorMap {
  return error instanceof ActionError ? error.fieldErrors : {};
}
