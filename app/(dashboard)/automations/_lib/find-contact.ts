import "server-only";
import { db } from "@/server/db/client";
import { emailKeyOf } from "@/server/services/contacts/contact-record";

/** The id of the workspace's contact with this address (addresses are unique ignoring case), or null. */
export async function findContactIdByEmail(workspaceId: string, email: string): Promise<string | null> {
  const row = await db().contact.findUnique({
    where: { workspaceId_emailKey: { workspaceId, emailKey: emailKeyOf(email) } },
    select: { id: true },
  });
  return row?.id ?? null;
}
