// The two pagination shapes of the API, in one place (docs/api.md: pagination).
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/server/errors";
import { serverSecret } from "@/server/secrets";

import type { OffsetPage } from "@/lib/pages";

export type { OffsetPage };

export function offsetWindow({ page, limit }: { page: number; limit: number }) {
  return { skip: (page - 1) * limit, take: limit };
}

export function offsetPage<T>(
  data: T[],
  total: number,
  { page, limit }: { page: number; limit: number },
): OffsetPage<T> {
  return { data, total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** Opaque, tamper-evident cursor: base64url(JSON) + "." + HMAC. Clients pass it back unchanged. */
export function encodeCursor(position: Record<string, string | number>): string {
  const body = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${body}.${sign(body)}`;
}

export function decodeCursor<T extends Record<string, string | number>>(cursor: string): T {
  const [body, mac] = cursor.split(".");
  if (!body || !mac) throw invalidCursor();
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCursor();
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    throw invalidCursor();
  }
}

function sign(body: string) {
  return createHmac("sha256", serverSecret("cursor")).update(body).digest("base64url").slice(0, 22);
}

/** The one answer to a cursor that is not one of this list's: altered, of another list, or from a rotated secret. */
export function invalidCursor() {
  return new AppError("VALIDATION", "The cursor is not valid. Pass back a nextCursor value unchanged.", [
    { pointer: "#/query/cursor", detail: "Unknown or altered cursor." },
  ]);
}
