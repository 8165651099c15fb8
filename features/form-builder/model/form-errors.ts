// A save's 422 pointers as the builder's panels key them: "#/input/fields/2/name" (the action's own parse, whose
// body sits under `input`) and "#/fields/2/name" (the service's reference checks) both become "fields/2/name".
export type PointerErrors = Record<string, string>;

export function pointerMap(pointers: { pointer: string; detail: string }[]): PointerErrors {
  const map: PointerErrors = {};
  for (const { pointer, detail } of pointers) {
    const key = pointer.replace(/^#\/?/, "").replace(/^input(\/|$)/, "");
    map[key || "_"] ??= detail;
  }
  return map;
}

/** The first error at or under a pointer ("styles" finds "styles/buttonColor"). */
export function errorUnder(errors: PointerErrors, prefix: string): string | undefined {
  for (const [key, detail] of Object.entries(errors)) if (key === prefix || key.startsWith(`${prefix}/`)) return detail;
  return undefined;
}
