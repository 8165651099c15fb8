import { db } from "@/server/db/client";
import { AppError, isUniqueViolation } from "@/server/errors";
import { recordEvents } from "@/server/events/record-event";
import type { UpdateContact } from "@/lib/schemas/contacts";
import { loadFieldDefs, validateFields } from "@/server/services/custom-fields/validate-fields";
import { applyPatch, updateRecords } from "./contact-changes";
import { contactNotFound, emailKeyOf, loadContact } from "./contact-record";
import { recordActivities } from "./record-activities";
import { lockContactById, updateContacts } from "./write-contacts";

/** Partial update: omitted attributes are kept, `fields` merges (null removes a key). An update that changes nothing writes no event. */
export async function updateContact({
  workspaceId,
  contactId,
  input,
}: {
  workspaceId: string;
  contactId: string;
  input: UpdateContact;
}) {
  const defs = input.fields ? await loadFieldDefs(workspaceId) : [];
  const { values, errors } = validateFields(defs, input.fields ?? {});
  if (errors.length) throw new AppError("VALIDATION", "The request body is invalid.", errors);
  try {
    return await db().$transaction(async (tx) => {
      const current = await lockContactById(tx, workspaceId, contactId);
      if (!current) throw contactNotFound();
      if (input.email !== undefined && emailKeyOf(input.email) !== current.emailKey) {
        const taken = await tx.contact.findFirst({
          where: { workspaceId, emailKey: emailKeyOf(input.email) },
          select: { id: true },
        });
        if (taken) throw emailTaken();
      }
      const { next, changes } = applyPatch(current, { ...input, fields: input.fields ? values : undefined });
      if (changes.length > 0) {
        await updateContacts(tx, workspaceId, [{ ...next, id: contactId }]);
        const records = updateRecords(contactId, next, changes);
        await recordEvents(tx, workspaceId, records.events);
        await recordActivities(tx, workspaceId, records.activities);
      }
      return loadContact(tx, workspaceId, contactId);
    });
  } catch (error) {
    // Two requests moving different contacts to the same new email at once: the unique index decides.
    if (isUniqueViolation(error) || isRawUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  new AppError("CONFLICT", "Another contact in this workspace already has this email.", [
    { pointer: "#/email", detail: "Emails are unique per workspace, ignoring case." },
  ]);

/** Raw queries report a unique violation as P2010 with the driver adapter's cause, not as P2002. */
function isRawUniqueViolation(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } })
    ?.meta?.driverAdapterError?.cause;
  return cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505";
}
