// The Resend transport against scripts/fake-resend.mjs (the same HTTP API, idempotency and errors as Resend's),
// built from the environment the way the worker builds it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeResend, type FakeResend } from "../../scripts/fake-resend.mjs";
import { resendTransport } from "@/server/email/resend-transport";
import { transportFromEnv } from "@/server/email/transports";
import { PermanentSendError, TransientSendError, type OutgoingEmail, type Transport } from "@/server/email/transport";

const API_KEY = "re_test_key";
let fake: FakeResend;
let resend: Transport;

beforeAll(async () => {
  fake = await startFakeResend({ apiKey: API_KEY });
  resend = transportFromEnv({ EMAIL_TRANSPORT: "resend", RESEND_API_KEY: API_KEY, RESEND_BASE_URL: fake.url });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function message(i: number, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    workspaceId: randomUUID(),
    kind: "broadcast",
    broadcastId: randomUUID(),
    recipientId: BigInt(1000 + i),
    from: '"Sendwell News" <news@example.com>',
    to: `reader${i}@example.org`,
    replyTo: "editor@example.com",
    subject: `Issue ${i}`,
    html: `<p>Hello ${i}</p>`,
    text: `Hello ${i}`,
    headers: {
      "List-Unsubscribe": `<https://sendwell.test/u/tok${i}/one-click>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...overrides,
  };
}

const batch = (n: number) => Array.from({ length: n }, (_, i) => message(i));

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => expect.fail("expected the send to throw"),
    (error: unknown) => error,
  );
}

describe("resend transport", () => {
  it("sends a batch in one request, with its headers, reply-to and recipient tags, and returns Resend's ids", async () => {
    const emails = batch(3);
    const result = await resend.sendBatch(emails, { idempotencyKey: "b-1" });

    expect(fake.requests).toMatchObject([{ path: "/emails/batch", idempotencyKey: "b-1", status: 200, count: 3 }]);
    expect(result.providerMessageIds).toEqual(fake.emails.map((e) => e.id));
    expect(fake.emails.map((e) => e.to)).toEqual(emails.map((e) => e.to));
    const first = fake.emails[0]!;
    expect(first.headers).toEqual(emails[0]!.headers);
    expect(first).toMatchObject({ from: emails[0]!.from, subject: "Issue 0", html: "<p>Hello 0</p>", text: "Hello 0" });
    expect(first.reply_to).toBe("editor@example.com");
    expect(first.tags).toContainEqual({ name: "sendwell_recipient", value: "1000" });
  });

  it("repeats with the same key send nothing again and answer the same ids", async () => {
    const emails = batch(5);
    const first = await resend.sendBatch(emails, { idempotencyKey: "b-2" });
    const again = await resend.sendBatch(emails, { idempotencyKey: "b-2" });
    expect(again.providerMessageIds).toEqual(first.providerMessageIds);
    expect(fake.emails).toHaveLength(5);
  });

  it("a lost response is transient, and the retry with the same key does not send twice", async () => {
    fake.failNext(1, 502, { afterAccept: true });
    const emails = batch(4);
    const error = await rejection(resend.sendBatch(emails, { idempotencyKey: "b-3" }));
    expect(error).toBeInstanceOf(TransientSendError);
    expect(fake.emails).toHaveLength(4);

    const retry = await resend.sendBatch(emails, { idempotencyKey: "b-3" });
    expect(retry.providerMessageIds).toEqual(fake.emails.map((e) => e.id));
    expect(fake.emails).toHaveLength(4);
  });

  it("the same key with another body counts as the batch accepted before, with unknown ids, and sends nothing", async () => {
    await resend.sendBatch(batch(2), { idempotencyKey: "b-4" });
    const rerendered = [message(0, { subject: "Issue 0 (edited)" }), message(1)];
    const result = await resend.sendBatch(rerendered, { idempotencyKey: "b-4" });
    expect(result.providerMessageIds).toEqual([null, null]);
    expect(fake.requests.at(-1)).toMatchObject({ status: 409 });
    expect(fake.emails).toHaveLength(2);
  });

  it("a second request while the first with the same key is in progress is transient", async () => {
    fake.setLatency(300);
    try {
      const emails = batch(2);
      const first = resend.sendBatch(emails, { idempotencyKey: "b-5" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const error = await rejection(resend.sendBatch(emails, { idempotencyKey: "b-5" }));
      expect(error).toBeInstanceOf(TransientSendError);
      expect((error as TransientSendError).message).toMatch(/concurrent_idempotent_requests/);
      expect((await first).providerMessageIds).toHaveLength(2);
      expect(fake.emails).toHaveLength(2);
    } finally {
      fake.setLatency(0);
    }
  });

  it("an answer slower than the timeout is transient, and the retry with the same key does not send twice", async () => {
    const impatient = resendTransport({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 100 });
    fake.setLatency(400);
    const emails = batch(3);
    try {
      expect(await rejection(impatient.sendBatch(emails, { idempotencyKey: "b-10" }))).toBeInstanceOf(
        TransientSendError,
      );
      await new Promise((resolve) => setTimeout(resolve, 500)); // the fake accepts the batch after its latency
    } finally {
      fake.setLatency(0);
    }
    expect(fake.emails).toHaveLength(3);
    const retry = await impatient.sendBatch(emails, { idempotencyKey: "b-10" });
    expect(retry.providerMessageIds).toEqual(fake.emails.map((e) => e.id));
    expect(fake.emails).toHaveLength(3);
  });

  it("429 with Retry-After is transient and carries the wait", async () => {
    fake.failNext(1, 429, { retryAfter: 7 });
    const error = await rejection(resend.sendBatch(batch(2), { idempotencyKey: "b-6" }));
    expect(error).toBeInstanceOf(TransientSendError);
    expect((error as TransientSendError).retryAfterMs).toBe(7000);
    // Too many requests: the sending identity slows down (a 5xx below does not).
    expect((error as TransientSendError).slowDown).toBe(true);
    expect(fake.emails).toHaveLength(0);

    // The key was not used up by the refused request.
    await resend.sendBatch(batch(2), { idempotencyKey: "b-6" });
    expect(fake.emails).toHaveLength(2);
  });

  it("5xx and a dropped connection are transient", async () => {
    fake.failNext(1, 500);
    const serverError = await rejection(resend.sendBatch(batch(1), { idempotencyKey: "b-7" }));
    expect(serverError).toBeInstanceOf(TransientSendError);
    expect((serverError as TransientSendError).slowDown).toBe(false);
    fake.failNext(1, "disconnect");
    expect(await rejection(resend.sendBatch(batch(1), { idempotencyKey: "b-7" }))).toBeInstanceOf(TransientSendError);
    expect(fake.emails).toHaveLength(0);
  });

  it("422 for a bad address is permanent and nothing of the batch is sent", async () => {
    const emails = [message(0), message(1, { to: "not-an-address" }), message(2)];
    const error = await rejection(resend.sendBatch(emails, { idempotencyKey: "b-8" }));
    expect(error).toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toMatch(/422 validation_error.*`to`/);
    expect(fake.emails).toHaveLength(0);
  });

  it("a wrong API key is permanent", async () => {
    const wrong = transportFromEnv({
      EMAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "re_wrong",
      RESEND_BASE_URL: fake.url,
    });
    const error = await rejection(wrong.sendBatch(batch(1), { idempotencyKey: "b-9" }));
    expect(error).toBeInstanceOf(PermanentSendError);
    expect((error as Error).message).toMatch(/403 invalid_api_key/);
  });
});

describe("fake Resend API", () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const email = { from: "a@example.com", to: "b@example.org", subject: "Hi", text: "Hi" };

  it("requires an API key", async () => {
    const res = await fetch(`${fake.url}/emails`, { method: "POST", body: JSON.stringify(email) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });
  });

  it("takes at most 100 emails per batch", async () => {
    expect((await post("/emails/batch", Array(101).fill(email))).status).toBe(422);
    const res = await post("/emails/batch", Array(100).fill(email));
    expect(res.status).toBe(200);
    expect((await res.json()).data).toHaveLength(100);
  });

  it("sends one email on POST /emails, idempotently", async () => {
    const first = await post("/emails", email, { "idempotency-key": "one" });
    const again = await post("/emails", email, { "idempotency-key": "one" });
    expect(await again.json()).toEqual(await first.json());
    expect(fake.emails).toHaveLength(1);
  });

  it("permissive batch validation sends the valid emails and lists the others", async () => {
    const res = await post("/emails/batch", [email, { ...email, to: "nope" }], { "x-batch-validation": "permissive" });
    const body = await res.json();
    expect(body.data).toHaveLength(1);
    expect(body.errors).toMatchObject([{ index: 1 }]);
    expect(fake.emails).toHaveLength(1);
  });
});
