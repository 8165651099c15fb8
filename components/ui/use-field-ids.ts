import { useId } from "react";

/**
 * The ids that tie a field's label, hint and error to its control: the given id or a generated one, the hint's and
 * the error's ids where they are shown, and what the control is described by (the error replaces the hint).
 */
export function useFieldIds(id: string | undefined, hint: unknown, error: unknown) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return { controlId, hintId, errorId, describedBy: errorId ?? hintId };
}
