import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordEvents } from "@/server/events/record-event";
import { tagRecords } from "./contact-changes";
import { tagIdErrors } from "./check-tag-ids";
import { contactNotFound, loadContact } from "./contact-record";
import { recordActivities } from "./record-activities";
import { linkTags, lockContactById, touchContacts } from "./write-contacts";

/** Adds tags; ones the contact already carries are no-ops (no event). Duplicated ids count once. */
export async function addContactTags({
  workspaceId,
  contactId,
  tagIds,
}: {
  workspaceId: string;
  contactId: string;
  tagIds: string[];
}) {
  return db().$transaction(async (tx) => {
    if (!(await lockContactById(tx, workspaceId, contactId))) throw contactNotFound();
    // Checked after the contact so that another workspace's contact id is a 404 whatever the body holds.
    const errors = await tagIdErrors(workspaceId, tagIds, { client: tx });
    if (errors.length) throw new AppError("VALIDATION", "The request body is invalid.", errors);
    const links = await linkTags(tx, workspaceId, [contactId], [...new Set(tagIds)]);
    if (links.length > 0) {
      await touchContacts(tx, workspaceId, [contactId]);
      const records = links.map((l) => tagRecords(contactId, l.tagId, true, l.tagName));
      await recordEvents(
        tx,
        workspaceId,
        records.map((r) => r.event),
      );
      await recordActivities(
        tx,
        workspaceId,
        records.map((r) => r.activity),
      );
    }
    return loadContact(tx, workspaceId, contactId);
  });
}
