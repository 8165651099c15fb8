// zod issues → the `errors: [{ pointer, detail }]` member of a 422 problem.
import type { z } from "zod";
import type { FieldError } from "@/server/errors";

function escapePointer(segment: PropertyKey): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function toFieldErrors(error: z.ZodError, prefix = "#"): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(escapePointer).join("/");
    return { pointer: path ? `${prefix}/${path}` : prefix, detail: issue.message };
  });
}
