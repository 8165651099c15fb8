import { db } from "@/server/db/client";
import { AppError, RateLimitedError, type FieldError } from "@/server/errors";
import { testEmailsPerHour } from "@/server/config";
import { takeToken } from "@/server/http/rate-limit";
import { jobTransaction } from "@/server/jobs/enqueue";
import { sendTestEmailJob } from "@/server/jobs/send-test-email";
import type { TestBroadcast } from "@/lib/schemas/broadcasts";
import { loadBroadcast } from "./broadcast-record";
import { missingContent } from "./readiness";

/**
 * Queues a test of the broadcast to up to 5 addresses, in any status. The worker renders and sends it
 * (deliverTestEmail); nothing here touches the audience, recipients or statistics. Checked now so the caller hears
 * about a missing subject, sender or content, an unknown contact or variant, instead of a job failing quietly.
 */
export async function sendTestBroadcast({
  workspaceId,
  broadcastId,
  input,
}: {
  workspaceId: string;
  broadcastId: string;
  input: TestBroadcast;
}): Promise<{ message: string; emails: string[] }> {
  const b = await loadBroadcast(workspaceId, broadcastId);
  const errors: FieldError[] = missingContent(b);
  if (input.contactId) {
    const contact = await db().contact.findFirst({ where: { id: input.contactId, workspaceId }, select: { id: true } });
    if (!contact) errors.push({ pointer: "#/contactId", detail: "No contact with this id exists in this workspace." });
  }
  if (input.variantId) {
    const ids = Array.isArray(b.variants) ? (b.variants as { id: string }[]).map((v) => v.id) : [];
    if (!ids.includes(input.variantId))
      errors.push({ pointer: "#/variantId", detail: "Not a variant of this broadcast." });
  }
  if (errors.length) {
    const list = errors.map((e) => e.detail.replace(/\.$/, "")).join("; ");
    throw new AppError("VALIDATION", `Cannot send a test of this broadcast: ${list}.`, errors);
  }
  await takeTestAllowance(workspaceId, input.emails.length);
  await jobTransaction([sendTestEmailJob], (_query, enqueue) =>
    enqueue(sendTestEmailJob, {
      workspaceId,
      broadcastId,
      emails: input.emails,
      contactId: input.contactId ?? null,
      variantId: input.variantId ?? defaultVariant(b),
    }),
  );
  return { message: `Test email queued for ${input.emails.join(", ")}.`, emails: input.emails };
}

/**
 * Tests go to any address, from the workspace's real sender, with content anyone who may write a draft chose (an
 * author, a write key): without a cap they would be a way to mail strangers that skips the right to send. A
 * workspace gets TEST_EMAILS_PER_HOUR test messages (default 50, an address counting once per test).
 */
async function takeTestAllowance(workspaceId: string, addresses: number) {
  const limit = testEmailsPerHour();
  const result = await takeToken(`test-email:${workspaceId}`, { limit, windowMs: HOUR, cost: addresses });
  if (!result.allowed) {
    const minutes = Math.ceil(result.resetSeconds / 60);
    throw new RateLimitedError(
      `This workspace has sent its ${limit} test emails for this hour` +
        (result.remaining > 0 ? ` (${result.remaining} left, fewer than the ${addresses} asked for)` : "") +
        `. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      result.resetSeconds,
    );
  }
}

const HOUR = 3_600_000;

/** An A/B broadcast without a subject of its own is tested with its first variant (it has nothing else to show). */
function defaultVariant(b: { subject: string | null; variants: unknown }): string | null {
  const first = Array.isArray(b.variants) ? (b.variants as { id: string }[])[0] : undefined;
  return !b.subject?.trim() && first ? first.id : null;
}
