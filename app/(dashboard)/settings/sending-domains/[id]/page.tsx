import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { listSendingDomains } from "@/server/services/deliverability/list-sending-domains";
import { dashboardContext } from "../../../_lib/dashboard-context";
import { SendingDomainDetail } from "../_components/sending-domain-detail";

export const metadata: Metadata = { title: "Sending domain" };

export default async function SendingDomainPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("broadcasts");
  // Another workspace's domain, or one deleted meanwhile, is simply not found.
  const domain = (await listSendingDomains(workspace.id)).find((d) => d.id === id);
  if (!domain) notFound();
  return <SendingDomainDetail key={`${workspace.id}:${id}`} initial={domain} />;
}
