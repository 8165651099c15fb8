import { db } from "@/server/db/client";
import { loadContact } from "./contact-record";

export async function getContact({ workspaceId, contactId }: { workspaceId: string; contactId: string }) {
  return loadContact(db(), workspaceId, contactId);
}
