// The worker's half of a test send: render the broadcast as it is now, for a real contact (the one asked for, or
// the workspace's contact with the target address) or the sample contact, and hand it to the transport. Same
// renderer as the real send (emails/preview.ts), original links, no open pixel, no recipient rows, no statistics.
import { db } from "@/server/db/client";
import { transport } from "@/server/email/transports";
import type { OutgoingEmail } from "@/server/email/transport";
import { formatFrom } from "@/lib/email-address";
import { broadcastContent, contentSelect } from "@/server/broadcasts/content";
import { renderPreview } from "@/emails/preview";
import { SAMPLE_CONTACT } from "@/emails/sample-contact";
import type { MergeValues } from "@/lib/email-content/merge-tags";

export type TestEmailRequest = {
  workspaceId: string;
  broadcastId: string;
  emails: string[];
  contactId: string | null;
  variantId: string | null;
};

/**
 * `idempotencyKey` is stable across retries of one job, so a retried job sends nothing twice through transports
 * that honour keys (outbox, Resend). Returns how many messages went out (0 when the broadcast was deleted since).
 */
export async function deliverTestEmail(req: TestEmailRequest, idempotencyKey: string): Promise<number> {
  const b = await db().broadcast.findFirst({
    where: { id: req.broadcastId, workspaceId: req.workspaceId, automationId: null },
    select: { ...contentSelect, fromName: true, fromEmail: true, replyTo: true },
  });
  if (!b) return 0;
  const content = broadcastContent(b, req.variantId ?? "");
  const chosen = req.contactId ? await contactValues(req.workspaceId, { id: req.contactId }) : null;
  const emails: OutgoingEmail[] = [];
  for (const to of req.emails) {
    const values = chosen ?? (await contactValues(req.workspaceId, { email: to })) ?? SAMPLE_CONTACT;
    const rendered = await renderPreview(content, values);
    emails.push({
      workspaceId: req.workspaceId,
      kind: "test",
      broadcastId: req.broadcastId,
      recipientId: null,
      from: formatFrom(b.fromName, b.fromEmail ?? ""),
      to,
      replyTo: b.replyTo,
      subject: `[Test] ${rendered.subject}`,
      html: rendered.html,
      text: rendered.text,
      headers: { "X-Sendwell-Test": "1" },
    });
  }
  await transport().sendBatch(emails, { idempotencyKey });
  return emails.length;
}

async function contactValues(workspaceId: string, by: { id: string } | { email: string }): Promise<MergeValues | null> {
  const contact = await db().contact.findFirst({
    where: {
      workspaceId,
      ...("id" in by ? { id: by.id } : { email: { equals: by.email, mode: "insensitive" as const } }),
    },
    select: { email: true, firstName: true, lastName: true, fields: true },
  });
  if (!contact) return null;
  const fields =
    contact.fields && typeof contact.fields === "object" && !Array.isArray(contact.fields)
      ? (contact.fields as Record<string, unknown>)
      : {};
  return { email: contact.email, firstName: contact.firstName, lastName: contact.lastName, fields };
}
