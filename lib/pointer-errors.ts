// ActionError keeps one message per top-level field ("fields", "rules"); custom-field inputs and segment conditions
// need the message of their own nested member ("#/fields/plan", "#/rules/conditions/1/value"), so this variant
// keeps the raw pointers too.
import {
  ActionError,
  fieldMessage,
  toFieldErrorMap,
  type ActionFieldError,
  type ActionResultLike,
} from "@/lib/action-result";
import { unescapePointerSegment } from "@/lib/json-pointer";

export class PointerActionError extends ActionError {
  constructor(
    message: string,
    readonly pointers: ActionFieldError[],
  ) {
    super(message, toFieldErrorMap(pointers));
  }
}

export function unwrapWithPointers<T>(result: ActionResultLike<T>): T {
  if (result.ok) return result.data;
  throw new PointerActionError(result.error, result.fieldErrors ?? []);
}

/** The pointers of an error under `prefix`, keyed by the rest of the pointer ("#/fields/" → { plan: "…" }). */
export function pointerErrorsUnder(error: unknown, prefix: string): Record<string, string> {
  const map: Record<string, string> = {};
  if (!(error instanceof PointerActionError)) return map;
  for (const { pointer, detail } of error.pointers) {
    if (pointer.startsWith(prefix)) map[unescapePointerSegment(pointer.slice(prefix.length))] ??= detail;
  }
  return map;
}

/**
 * A field's message, led by the action's summary only when that says more: services summarise validation failures
 * as "The request body is invalid." (which lib/action-result's fieldMessage does not recognise), a 409 as a sentence
 * worth keeping ("A custom field with the key … already exists").
 */
export function fieldMessageOf(summary: string | undefined, detail: string | undefined): string | undefined {
  return summary && /\binvalid\.$/.test(summary) ? detail : fieldMessage(summary, detail);
}
