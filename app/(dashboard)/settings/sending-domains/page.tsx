import type { Metadata } from "next";
import { listSendingDomains } from "@/server/services/deliverability/list-sending-domains";
import { dashboardContext } from "../../_lib/dashboard-context";
import { SendingDomainsView } from "./_components/sending-domains-view";

export const metadata: Metadata = { title: "Sending domains" };

export default async function SendingDomainsPage() {
  const { workspace } = await dashboardContext("broadcasts");
  const domains = await listSendingDomains(workspace.id);
  return <SendingDomainsView key={workspace.id} initial={domains} />;
}
