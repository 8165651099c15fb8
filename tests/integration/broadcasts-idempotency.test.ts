// Idempotency-Key on send, schedule and test: a repeat replays the first answer (one effect), a different request
// with the same key is a 422, a key whose first request is still running is a 409, concurrent requests with one
// key act once, errors release the key, keys are per workspace and expire after 24 hours.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { pruneIdempotencyKeys } from "@/server/http/idempotency";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { act, createBroadcast, pointers, readyDraft } from "../support/broadcast-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
  await seedContacts(ws.id, manyContacts("idem", 2));
});
afterAll(() => stopJobSender());

// The hash a request without a body is stored under (sha256 of JSON null).
const NO_BODY_HASH = createHash("sha256").update("null").digest("hex");
const key = () => `key-${crypto.randomUUID()}`;
const withKey = (k: string) => ({ "Idempotency-Key": k });
const testJobs = (broadcastId: string) =>
  sql<{ id: string }>(`SELECT id FROM pgboss.job WHERE name = 'send-test-email' AND data->>'broadcastId' = $1`, [
    broadcastId,
  ]);

describe("send", () => {
  it("replays the first answer for the same key, marked Idempotent-Replayed, and sends once", async () => {
    const b = await readyDraft(ws);
    const k = key();
    const first = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(first.status).toBe(202);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    // Without the key the same request is a new one: the broadcast is sending, so 409.
    expect((await act("send", ws.writeKey, b.id)).status).toBe(409);
    const events = await sql(
      `SELECT 1 FROM "Event" WHERE type = 'broadcast.sending' AND payload->>'broadcastId' = $1`,
      [b.id],
    );
    expect(events).toHaveLength(1);
  });

  it("acts once for concurrent requests with one key", async () => {
    const b = await readyDraft(ws);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => act("send", ws.writeKey, b.id, { headers: withKey(k) })),
    );
    const statuses = results.map((r) => r.status);
    // One ran; the others either saw it running (409) or replayed its answer (202): none sent again.
    expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
    expect(results.filter((r) => r.status === 202 && r.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.detail).toMatch(/still being processed/);
    const events = await sql(
      `SELECT 1 FROM "Event" WHERE type = 'broadcast.sending' AND payload->>'broadcastId' = $1`,
      [b.id],
    );
    expect(events).toHaveLength(1);
  });

  it("refuses the same key on another broadcast (another path) with a 422", async () => {
    const a = await readyDraft(ws);
    const b = await readyDraft(ws);
    const k = key();
    expect((await act("send", ws.writeKey, a.id, { headers: withKey(k) })).status).toBe(202);
    const res = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/headers/Idempotency-Key"]);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("draft");
  });

  it("releases the key after an error, so the fixed request can use it", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Unready" });
    const k = key();
    expect((await act("send", ws.writeKey, b.id, { headers: withKey(k) })).status).toBe(422);
    await db().broadcast.update({
      where: { id: b.id },
      data: { subject: "S", fromEmail: "a@example.com", blocks: [{ type: "text", text: "Hi" }] },
    });
    const res = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(res.status).toBe(202);
  });

  it("answers 409 while the first request with the key is still running, and takes over an abandoned claim", async () => {
    const b = await readyDraft(ws);
    const k = key();
    // A claim for this very request (same operation, same body hash), made a moment ago, not answered yet.
    const claim = (age: string) =>
      sql(
        `INSERT INTO "IdempotencyKey" ("workspaceId", key, operation, "requestHash", "createdAt", "expiresAt")
         VALUES ($1, $2, $3, $4, now() - $5::interval, now() + interval '1 hour')`,
        [ws.id, k, `POST /api/v1/broadcasts/${b.id}/send`, NO_BODY_HASH, age],
      );
    await claim("1 second");
    const busy = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(busy.status).toBe(409);
    expect(busy.body.detail).toMatch(/still being processed/);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("draft");
    // Left by a process that died before answering, 10 minutes ago: the next request with the key takes it over.
    await sql(`DELETE FROM "IdempotencyKey" WHERE "workspaceId" = $1 AND key = $2`, [ws.id, k]);
    await claim("10 minutes");
    const res = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(res.status).toBe(202);
    const stored = await sql<{ responseStatus: number }>(
      `SELECT "responseStatus" FROM "IdempotencyKey" WHERE "workspaceId" = $1 AND key = $2`,
      [ws.id, k],
    );
    expect(stored).toEqual([{ responseStatus: 202 }]);
  });

  it("keeps keys per workspace", async () => {
    const other = await makeWorkspace();
    await seedContacts(other.id, manyContacts("idem-other", 1));
    const a = await readyDraft(ws);
    const b = await readyDraft(other);
    const k = key();
    expect((await act("send", ws.writeKey, a.id, { headers: withKey(k) })).status).toBe(202);
    const res = await act("send", other.writeKey, b.id, { headers: withKey(k) });
    expect(res.status).toBe(202);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it.each([["x".repeat(256)], ["tab\there"], ["é"], [" "]])("refuses the key %j with a 422", async (bad) => {
    const b = await readyDraft(ws);
    const res = await act("send", ws.writeKey, b.id, { headers: withKey(bad) });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/headers/Idempotency-Key"]);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("draft");
  });
});

describe("schedule and test", () => {
  it("schedule: replays for the same body (in any key order), 422 for another body", async () => {
    const b = await readyDraft(ws);
    const k = key();
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const first = await act("schedule", ws.writeKey, b.id, {
      headers: withKey(k),
      body: { timezoneMode: "fixed", scheduledAt: at },
    });
    expect(first.status).toBe(200);
    const replay = await act("schedule", ws.writeKey, b.id, {
      headers: withKey(k),
      body: { scheduledAt: at, timezoneMode: "fixed" },
    });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const other = await act("schedule", ws.writeKey, b.id, {
      headers: withKey(k),
      body: { scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/another body/);
    const events = await sql(
      `SELECT 1 FROM "Event" WHERE type = 'broadcast.scheduled' AND payload->>'broadcastId' = $1`,
      [b.id],
    );
    expect(events).toHaveLength(1);
  });

  it("test: one job for a repeated request", async () => {
    const b = await readyDraft(ws);
    const k = key();
    const body = { emails: ["qa@example.com"] };
    const [one, two] = await Promise.all([
      act("test", ws.writeKey, b.id, { headers: withKey(k), body }),
      act("test", ws.writeKey, b.id, { headers: withKey(k), body }),
    ]);
    expect([one.status, two.status]).toContain(202);
    const replay = await act("test", ws.writeKey, b.id, { headers: withKey(k), body });
    expect(replay.status).toBe(202);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await testJobs(b.id)).toHaveLength(1);
  });
});

describe("expiry", () => {
  it("treats a key older than 24 hours as new, and the prune deletes expired keys", async () => {
    const b = await readyDraft(ws);
    const k = key();
    await sql(
      `INSERT INTO "IdempotencyKey" ("workspaceId", key, operation, "requestHash", "responseStatus", "responseBody",
                                     "createdAt", "expiresAt")
       VALUES ($1, $2, 'POST /elsewhere', 'x', 200, '{}', now() - interval '25 hours', now() - interval '1 hour')`,
      [ws.id, k],
    );
    const res = await act("send", ws.writeKey, b.id, { headers: withKey(k) });
    expect(res.status).toBe(202);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();

    const old = key();
    await sql(
      `INSERT INTO "IdempotencyKey" ("workspaceId", key, operation, "requestHash", "expiresAt")
       VALUES ($1, $2, 'POST /x', 'x', now() - interval '1 minute')`,
      [ws.id, old],
    );
    expect(await pruneIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    const left = await sql(`SELECT key FROM "IdempotencyKey" WHERE "workspaceId" = $1`, [ws.id]);
    expect(left.map((r) => r.key)).not.toContain(old);
    expect(left.map((r) => r.key)).toContain(k);
  });
});
