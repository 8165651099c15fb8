import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { recordEvents } from "@/server/events/record-event";
import { tagRecords } from "./contact-changes";
import { contactNotFound, loadContact } from "./contact-record";
import { recordActivities } from "./record-activities";
import { lockContactById, touchContacts } from "./write-contacts";

/**
 * Idempotent: removing a tag the contact does not carry answers the contact unchanged (no event), so retries are
 * safe. A tag id that is not a tag of this workspace is a 404 like any unknown id in a path.
 */
export async function removeContactTag({
  workspaceId,
  contactId,
  tagId,
}: {
  workspaceId: string;
  contactId: string;
  tagId: string;
}) {
  return db().$transaction(async (tx) => {
    if (!(await lockContactById(tx, workspaceId, contactId))) throw contactNotFound();
    const tag = await tx.tag.findFirst({ where: { id: tagId, workspaceId }, select: { id: true, name: true } });
    if (!tag) throw new AppError("NOT_FOUND", "Tag not found.");
    const removed = await tx.$executeRaw`
      DELETE FROM "ContactTag" WHERE "contactId" = ${contactId}::uuid AND "tagId" = ${tagId}::uuid`;
    if (removed > 0) {
      await touchContacts(tx, workspaceId, [contactId]);
      const { event, activity } = tagRecords(contactId, tagId, false, tag.name);
      await recordEvents(tx, workspaceId, [event]);
      await recordActivities(tx, workspaceId, [activity]);
    }
    return loadContact(tx, workspaceId, contactId);
  });
}
