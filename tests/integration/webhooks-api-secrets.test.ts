// Secret rotation: a new secret once, the old one kept encrypted as the previous secret for 24 hours, and no secret
// lost to two rotations at once.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as collection from "@/app/api/v1/webhooks/route";
import * as item from "@/app/api/v1/webhooks/[id]/route";
import * as rotate from "@/app/api/v1/webhooks/[id]/rotate-secret/route";
import { db } from "@/server/db/client";
import { openSecret } from "@/server/secret-box";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

const DAY_MS = 86_400_000;

const createWebhook = async () =>
  (
    await call(collection.POST, "POST", "/api/v1/webhooks", {
      key: ws.writeKey,
      body: { url: "https://93.184.216.34/hooks", events: ["contact.created"] },
    })
  ).body.data;
const rotateSecret = (id: string, key = ws.writeKey) =>
  call(rotate.POST, "POST", `/api/v1/webhooks/${id}/rotate-secret`, { key, params: { id } });
const storedSecrets = async (id: string) => {
  const row = await db().webhook.findUniqueOrThrow({
    where: { id },
    select: { secretCiphertext: true, previousSecretCiphertext: true, previousSecretExpiresAt: true },
  });
  return {
    current: openSecret(row.secretCiphertext),
    previous: row.previousSecretCiphertext ? openSecret(row.previousSecretCiphertext) : null,
    previousExpiresAt: row.previousSecretExpiresAt,
    raw: `${row.secretCiphertext} ${row.previousSecretCiphertext}`,
  };
};

beforeAll(async () => {
  ws = await makeWorkspace();
});

describe("POST /api/v1/webhooks/{id}/rotate-secret", () => {
  it("returns a new secret once and keeps the old one, encrypted, as the previous secret for 24 hours", async () => {
    const webhook = await createWebhook();
    const before = Date.now();
    const res = await rotateSecret(webhook.id);
    expect(res.status).toBe(200);
    const { secret, ...rest } = res.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(webhook.secret);
    expect(rest).toMatchObject({ id: webhook.id, url: webhook.url, events: webhook.events, isActive: true });
    const expires = Date.parse(rest.previousSecretExpiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + DAY_MS - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + DAY_MS + 5_000);

    const stored = await storedSecrets(webhook.id);
    expect(stored).toMatchObject({ current: secret, previous: webhook.secret });
    expect(stored.raw).not.toContain(secret);
    expect(stored.raw).not.toContain(webhook.secret);

    const read = await call(item.GET, "GET", `/api/v1/webhooks/${webhook.id}`, {
      key: ws.readKey,
      params: { id: webhook.id },
    });
    expect(read.body.data).toEqual(rest);
    expect(JSON.stringify(read.body)).not.toContain(secret);
  });

  it("drops the older previous secret on a second rotation", async () => {
    const webhook = await createWebhook();
    const first = (await rotateSecret(webhook.id)).body.data.secret;
    const second = (await rotateSecret(webhook.id)).body.data.secret;
    expect(await storedSecrets(webhook.id)).toMatchObject({ current: second, previous: first });
  });

  it("loses no returned secret when two rotations run at once", async () => {
    const webhook = await createWebhook();
    const results = await Promise.all([rotateSecret(webhook.id), rotateSecret(webhook.id)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const returned = results.map((r) => r.body.data.secret as string);
    const stored = await storedSecrets(webhook.id);
    // Whichever ran second moved the other's new secret to previous: both secrets the callers hold still sign.
    expect([stored.current, stored.previous].sort()).toEqual([...returned].sort());
  });

  it("answers 404 for an unknown id and another workspace's webhook, and 403 to a read key", async () => {
    const webhook = await createWebhook();
    expect((await rotateSecret(randomUUID())).status).toBe(404);
    const other = await makeWorkspace();
    expect((await rotateSecret(webhook.id, other.writeKey)).status).toBe(404);
    expect((await rotateSecret(webhook.id, ws.readKey)).status).toBe(403);
    expect(await storedSecrets(webhook.id)).toMatchObject({ current: webhook.secret, previous: null });
  });
});
