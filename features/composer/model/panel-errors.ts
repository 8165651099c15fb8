// The panels read the update action's field errors by JSON pointer ("#/variants/1/subject").

/** The message at exactly this pointer. */
export function errorAt(errors: Record<string, string>, pointer: string): string | undefined {
  return errors[pointer];
}
