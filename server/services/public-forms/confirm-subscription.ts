// The double opt-in link: reading it (the page a GET shows, which changes nothing: mail scanners prefetch links)
// and confirming it (the page's button, a POST). Confirming moves a pending or unsubscribed contact to subscribed,
// once; the link then keeps answering "confirmed" and expires after 7 days. A form may name a page the person goes to
// after the click (confirmationRedirectUrl, http(s) only, set by the marketer: never taken from the request).
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { recordEvents } from "@/server/events/record-event";
import { applyPatch, updateRecords } from "@/server/services/contacts/contact-changes";
import { recordActivities } from "@/server/services/contacts/record-activities";
import { mayMove, STATUS_MOVES } from "@/server/services/contacts/status-moves";
import { lockContactById, updateContacts } from "@/server/services/contacts/write-contacts";
import { maskEmail } from "@/lib/email-address";
import { readConfirmationToken } from "./confirmation-token";

export type ConfirmationState = "ready" | "confirmed" | "expired" | "invalid";
/** `email` is masked (a.***@example.com): the page is reachable by whoever holds the link. */
export type ConfirmationView = { state: ConfirmationState; workspaceName: string | null; email: string | null };

const invalid: ConfirmationView = { state: "invalid", workspaceName: null, email: null };

export async function readConfirmation(token: string): Promise<ConfirmationView> {
  const id = readConfirmationToken(token);
  if (!id) return invalid;
  const row = await db().formConfirmation.findUnique({
    where: { id },
    select: { confirmedAt: true, expiresAt: true, workspaceId: true, contact: { select: { email: true } } },
  });
  if (!row) return invalid;
  const workspace = await db().workspace.findUnique({ where: { id: row.workspaceId }, select: { name: true } });
  const state = row.confirmedAt ? "confirmed" : row.expiresAt < new Date() ? "expired" : "ready";
  return { state, workspaceName: workspace?.name ?? null, email: maskEmail(row.contact.email) };
}

/**
 * Confirms the link's subscription; answers the state afterwards ("confirmed" also for a repeat) and, once
 * confirmed, where the form wants the person to go next (its confirmationRedirectUrl, if it still exists).
 */
export async function confirmSubscription(
  token: string,
): Promise<{ state: ConfirmationState; redirectUrl: string | null }> {
  const id = readConfirmationToken(token);
  if (!id) return { state: "invalid", redirectUrl: null };
  const state = await confirm(id);
  if (state !== "confirmed") return { state, redirectUrl: null };
  const [form] = await sql<{ redirectUrl: string | null }>(
    `SELECT f."confirmationRedirectUrl" AS "redirectUrl"
       FROM "FormConfirmation" fc JOIN "Form" f ON f.id = fc."formId" AND f."deletedAt" IS NULL
      WHERE fc.id = $1::uuid`,
    [id],
  );
  return { state, redirectUrl: form?.redirectUrl ?? null };
}

async function confirm(id: string): Promise<ConfirmationState> {
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { workspaceId: string; contactId: string; formId: string; expired: boolean; confirmed: boolean }[]
    >`
      SELECT "workspaceId"::text, "contactId"::text, "formId"::text, "expiresAt" < now() AS expired,
             "confirmedAt" IS NOT NULL AS confirmed
        FROM "FormConfirmation" WHERE id = ${id}::uuid FOR UPDATE`;
    if (!row) return "invalid";
    if (row.confirmed) return "confirmed";
    if (row.expired) return "expired";
    const contact = await lockContactById(tx, row.workspaceId, row.contactId);
    if (!contact) return "invalid";
    if (mayMove("confirm", contact.status)) {
      const { next, changes } = applyPatch(contact, { status: STATUS_MOVES.confirm.to });
      await updateContacts(tx, row.workspaceId, [{ ...next, id: contact.id }]);
      const records = updateRecords(contact.id, next, changes);
      await recordEvents(tx, row.workspaceId, records.events);
      await recordActivities(
        tx,
        row.workspaceId,
        records.activities.map((a) =>
          a.type === "subscribed" ? { ...a, data: { ...a.data, via: "double_opt_in", formId: row.formId } } : a,
        ),
      );
    }
    await tx.$executeRaw`UPDATE "FormConfirmation" SET "confirmedAt" = now() WHERE id = ${id}::uuid`;
    return "confirmed";
  });
}
