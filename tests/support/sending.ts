// Builders for sending-engine tests: contacts in bulk, broadcasts as rows, and a run of the real engine (fan-out and
// an in-process sender scoped to the test's workspace, so engines of other test files never take its batches).
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { batchUpsertContacts } from "@/server/services/contacts/batch-upsert-contacts";
import { fanOut } from "@/server/sending/fan-out";
import { startSender, type Sender } from "@/server/sending/sender";
import { startSending } from "@/server/sending/start-sending";
import { countAudience } from "@/server/broadcasts/audience";
import {
  PermanentSendError,
  TransientSendError,
  type Transport,
  type OutgoingEmail,
  type BatchAccepted,
} from "@/server/email/transport";
import { eventually } from "./webhook-receiver";

export type ContactSeed = {
  email: string;
  firstName?: string;
  timezone?: string;
  status?: "subscribed" | "unsubscribed" | "bounced" | "complained" | "pending";
};

export async function seedContacts(workspaceId: string, contacts: ContactSeed[], tagIds?: string[]) {
  for (let i = 0; i < contacts.length; i += 1000) {
    await batchUpsertContacts({
      workspaceId,
      input: { contacts: contacts.slice(i, i + 1000), updateExisting: true, ...(tagIds ? { tagIds } : {}) },
    });
  }
}

export const manyContacts = (prefix: string, n: number, extra: Partial<ContactSeed> = {}): ContactSeed[] =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com`, firstName: `F${i}`, ...extra }));

export const sampleBlocks = [
  { type: "heading", text: "Hello {{firstName|there}}" },
  { type: "text", text: "Read [our news](https://example.com/news) and [the shop](https://shop.example.com/)." },
  { type: "button", text: "Open", href: "https://example.com/news" },
];

export async function makeBroadcast(workspaceId: string, data: Record<string, unknown> = {}) {
  await db().workspace.update({ where: { id: workspaceId }, data: { postalAddress: "1 Test Street, Testville" } });
  return db().broadcast.create({
    data: {
      workspaceId,
      name: "Engine test",
      subject: "Hi {{firstName|there}}",
      fromName: "Sendwell Tests",
      fromEmail: "news@example.com",
      blocks: sampleBlocks,
      ...data,
    },
  });
}

/** send (the real state move and its transactional job), then the fan-out job's handler, here and now. */
export async function sendNow(b: { id: string; workspaceId: string }) {
  const row = await db().broadcast.findUniqueOrThrow({ where: { id: b.id } });
  const recipientCount = await countAudience({ ...row, workspaceId: row.workspaceId });
  await startSending({ workspaceId: b.workspaceId, broadcastId: b.id, from: ["draft", "scheduled"], recipientCount });
  await fanOut(b.id);
}

export function senderFor(workspaceId: string, out: Transport, log: string[] = []): Sender {
  return startSender({ log: (m, f) => log.push(`${m} ${JSON.stringify(f ?? {})}`), workspaceIds: [workspaceId], out });
}

export async function waitForStatus(broadcastId: string, status: string, timeoutMs = 20_000) {
  await eventually(
    async () => (await db().broadcast.findUniqueOrThrow({ where: { id: broadcastId } })).status === status,
    timeoutMs,
  );
}

/** Wraps a transport and counts what reached it per recipient: the outbox alone would hide a repeat behind its key. */
export function counting(inner: Transport) {
  const sends = new Map<string, number>();
  const calls: { key: string; size: number }[] = [];
  let fail: ((emails: OutgoingEmail[], key: string) => Error | null) | null = null;
  let refuse: ((email: OutgoingEmail) => TransientSendError | PermanentSendError | null) | null = null;
  const t: Transport = {
    name: inner.name,
    async sendBatch(emails, options): Promise<BatchAccepted> {
      calls.push({ key: options.idempotencyKey, size: emails.length });
      const error = fail?.(emails, options.idempotencyKey);
      if (error) throw error;
      // Per-message refusals, as SMTP gives them: the refused messages do not reach the inner transport.
      const refusals = emails.map((e) => refuse?.(e) ?? null);
      const passed = emails.filter((_, i) => !refusals[i]);
      const accepted = await inner.sendBatch(passed, options);
      for (const e of passed) sends.set(e.to, (sends.get(e.to) ?? 0) + 1);
      if (!refusals.some(Boolean)) return accepted;
      let k = 0;
      return {
        providerMessageIds: emails.map((_, i) => (refusals[i] ? null : (accepted.providerMessageIds[k++] ?? null))),
        failures: refusals.flatMap((error, index) => (error ? [{ index, error }] : [])),
      };
    },
  };
  return {
    transport: t,
    sends,
    calls,
    failWith: (f: typeof fail) => (fail = f),
    refuseWith: (f: typeof refuse) => (refuse = f),
  };
}

export const recipientsOf = (broadcastId: string) =>
  sql<{ email: string; status: string; variantId: string | null; batchNo: number; error: string | null }>(
    `SELECT email, status, "variantId", "batchNo", error FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`,
    [broadcastId],
  );
