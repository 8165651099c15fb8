// What a form shows of a failure, whatever shape it came in: an ActionError thrown by `unwrap` (a mutation's error),
// an action's failed result ({ ok: false, error, fieldErrors }) or a plain message. Field errors are keyed by the
// top-level field of their problem pointer ("#/name" → "name").
import {
  ActionError,
  fieldMessage,
  toFieldErrorMap,
  type ActionFieldError,
  type FieldErrorMap,
} from "@/lib/action-result";

export type FormErrors = {
  /** The failure's summary ("A tag named … already exists."), if any. */
  message?: string;
  fields: FieldErrorMap;
  /** The message to show under a field: its own, led by the summary when that says more. */
  field: (name: string) => string | undefined;
};

function parts(error: unknown): { message?: string; fields: FieldErrorMap } {
  if (error === undefined || error === null || error === false) return { fields: {} };
  if (typeof error === "string") return { message: error, fields: {} };
  if (error instanceof ActionError) return { message: error.message, fields: error.fieldErrors };
  if (error instanceof Error) return { message: error.message, fields: {} };
  if (typeof error === "object" && "ok" in error && error.ok === false) {
    const failed = error as { error?: string; fieldErrors?: ActionFieldError[] };
    return { message: failed.error, fields: toFieldErrorMap(failed.fieldErrors) };
  }
  return { message: "Something went wrong. Try again.", fields: {} };
}

/** `extra` adds field errors found before anything was sent (the form's own checks). */
export function formErrorsOf(error: unknown, extra: FieldErrorMap = {}): FormErrors {
  const { message, fields: own } = parts(error);
  const fields = { ...own, ...extra };
  return { message, fields, field: (name) => fieldMessage(message, fields[name]) };
}

/** The summary goes on top of the form only when none of the fields it shows carries the failure. */
export function formLevelMessage(error: unknown, shown: readonly string[]): string | undefined {
  const { message, fields } = parts(error);
  return message && !shown.some((f) => fields[f]) ? message : undefined;
}
