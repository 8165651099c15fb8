import { db } from "@/server/db/client";
import { sendingDomainNotFound } from "./sending-domain-record";

/** Removes the domain and its key: mail from it goes out unsigned by Sendwell from the next batch on. */
export async function deleteSendingDomain({ workspaceId, domainId }: { workspaceId: string; domainId: string }) {
  const { count } = await db().sendingDomain.deleteMany({ where: { id: domainId, workspaceId } });
  if (count === 0) throw sendingDomainNotFound();
}
