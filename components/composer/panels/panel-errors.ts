// The panels read the update action's field errors by JSON pointer ("#/variants/1/subject").

/** The message at exactly this pointer. */
export function errorAt(errors: Record<string, string>, pointer: string): string | undefined {
  return errors[pointer];
}

/** The message at this pointer or the first one below it (a list's error shown once at the list). */
export function errorUnder(errors: Record<string, string>, pointer: string): string | undefined {
  if (errors[pointer]) return errors[pointer];
  const below = Object.keys(errors).find((p) => p.startsWith(`${pointer}/`));
  return below ? errors[below] : undefined;
}
