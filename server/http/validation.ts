// zod issues → the `errors: [{ pointer, detail }]` member of a 422 problem.
import type { z } from "zod";
import type { FieldError } from "@/server/errors";
import { pointerTo } from "@/lib/json-pointer";

export function toFieldErrors(error: z.ZodError, prefix = "#"): FieldError[] {
  return error.issues.map((issue) => ({ pointer: pointerTo(issue.path, prefix), detail: issue.message }));
}
