// The Idempotency-Key header (send, schedule and test of broadcasts): a client that lost an answer (timeout, dropped
// connection) repeats the request with the same key and gets the first answer back, replayed, instead of a second
// effect. Keys live 24 hours per workspace in "IdempotencyKey"; the row is claimed before the work runs (an INSERT
// that only one request can win), so concurrent requests with one key run the work once.
import { createHash } from "node:crypto";
import { sql } from "@/server/db/pool";
import { AppError } from "@/server/errors";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const TTL_HOURS = 24;
/**
 * A claim whose request never finished (its process died) is taken over after this long; a live request is long
 * done by then (send and schedule answer in well under a second, they only queue work).
 */
const ABANDONED_AFTER = "2 minutes";
const POINTER = `#/headers/${IDEMPOTENCY_HEADER}`;

/**
 * Runs `work` at most once per (workspace, key) for 24 hours. Without the header it simply runs. Only successful
 * (2xx) answers are kept and replayed: after an error (a 422 listing what is missing, a 409) the key is released,
 * so the client can fix the cause and retry with the same key.
 * - same key, same method, path and body → the stored answer, with `Idempotent-Replayed: true`;
 * - same key on another request (other path or body) → 422;
 * - same key while the first request is still running → 409.
 */
export async function idempotent(
  { req, workspaceId, body }: { req: Request; workspaceId: string; body: unknown },
  work: () => Promise<Response>,
): Promise<Response> {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return work();
  if (!/^[\x20-\x7e]{1,255}$/.test(key) || key.trim() === "") {
    throw new AppError("VALIDATION", `The ${IDEMPOTENCY_HEADER} header is not valid.`, [
      { pointer: POINTER, detail: "Must be 1 to 255 printable ASCII characters (a UUID is a good choice)." },
    ]);
  }
  const operation = `${req.method} ${new URL(req.url).pathname}`;
  const requestHash = createHash("sha256")
    .update(stableJson(body ?? null))
    .digest("hex");

  // Two rounds at most: a key released by a failed first request between our INSERT and SELECT is claimed again.
  for (let round = 0; round < 2; round++) {
    if (await claim(workspaceId, key, operation, requestHash)) return runClaimed(workspaceId, key, work);
    const [row] = await sql<{
      operation: string;
      requestHash: string;
      responseStatus: number | null;
      responseBody: string | null;
    }>(
      `SELECT operation, "requestHash", "responseStatus", "responseBody" FROM "IdempotencyKey"
        WHERE "workspaceId" = $1 AND key = $2 AND "expiresAt" > now()`,
      [workspaceId, key],
    );
    if (!row) continue;
    if (row.operation !== operation || row.requestHash !== requestHash) {
      throw new AppError(
        "VALIDATION",
        `This ${IDEMPOTENCY_HEADER} was already used for another request (${row.operation === operation ? "another body" : row.operation}) in the last ${TTL_HOURS} hours. Use a new key for a new request.`,
        [{ pointer: POINTER, detail: "Already used for a different request." }],
      );
    }
    if (row.responseStatus === null) {
      throw new AppError(
        "CONFLICT",
        `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Retry once it has finished to get its answer.`,
      );
    }
    return new Response(row.responseStatus === 204 ? null : row.responseBody, {
      status: row.responseStatus,
      headers: { "Content-Type": "application/json", [REPLAYED_HEADER]: "true" },
    });
  }
  throw new AppError("CONFLICT", `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Retry shortly.`);
}

/** Inserts the key's row unless a live one exists; expired and abandoned rows make way first. */
async function claim(workspaceId: string, key: string, operation: string, requestHash: string): Promise<boolean> {
  await sql(
    `DELETE FROM "IdempotencyKey"
      WHERE "workspaceId" = $1 AND key = $2
        AND ("expiresAt" <= now() OR ("responseStatus" IS NULL AND "createdAt" < now() - interval '${ABANDONED_AFTER}'))`,
    [workspaceId, key],
  );
  const inserted = await sql(
    `INSERT INTO "IdempotencyKey" ("workspaceId", key, operation, "requestHash", "expiresAt")
     VALUES ($1, $2, $3, $4, now() + interval '${TTL_HOURS} hours')
     ON CONFLICT ("workspaceId", key) DO NOTHING
     RETURNING 1`,
    [workspaceId, key, operation, requestHash],
  );
  return inserted.length === 1;
}

async function runClaimed(workspaceId: string, key: string, work: () => Promise<Response>): Promise<Response> {
  const release = () => sql(`DELETE FROM "IdempotencyKey" WHERE "workspaceId" = $1 AND key = $2`, [workspaceId, key]);
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    await release();
    throw error;
  }
  if (response.status < 200 || response.status > 299) {
    await release();
    return response;
  }
  const text = await response.clone().text();
  await sql(
    `UPDATE "IdempotencyKey" SET "responseStatus" = $3, "responseBody" = $4 WHERE "workspaceId" = $1 AND key = $2`,
    [workspaceId, key, response.status, text],
  );
  return response;
}

/** JSON with object keys sorted, so the same body written in another key order hashes the same. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Expired keys, in small batches (the daily prune job). */
export async function pruneIdempotencyKeys(): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await sql(
      `DELETE FROM "IdempotencyKey" WHERE ctid IN (
         SELECT ctid FROM "IdempotencyKey" WHERE "expiresAt" <= now() LIMIT 5000) RETURNING 1`,
      [],
    );
    deleted += rows.length;
    if (rows.length < 5000) return deleted;
  }
}
