import { AppError } from "@/server/errors";

/** A cursor that is signed but not one of this list's (e.g. an activity cursor sent to the contacts list). */
export function invalidCursor() {
  return new AppError("VALIDATION", "The cursor is not valid. Pass back a nextCursor value unchanged.", [
    { pointer: "#/query/cursor", detail: "Unknown or altered cursor." },
  ]);
}
