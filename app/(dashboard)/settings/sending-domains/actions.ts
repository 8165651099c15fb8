"use server";
// Sending domains: whoever sees broadcasts may read them (the send checklist links here); adding, checking and
// deleting are workspace settings (admins and the owner).
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { addSendingDomain } from "@/server/services/deliverability/add-sending-domain";
import { checkSendingDomain } from "@/server/services/deliverability/check-sending-domain";
import { deleteSendingDomain } from "@/server/services/deliverability/delete-sending-domain";
import { listSendingDomains } from "@/server/services/deliverability/list-sending-domains";

const ZId = z.object({ id: ZUuid });

export const listSendingDomainsAction = dashboardAction("broadcasts", z.object({}), async (_, { workspace }) =>
  listSendingDomains(workspace.id),
);

/** The domain is checked by the service itself (one message per rule, on #/domain), so any string comes through. */
export const addSendingDomainAction = dashboardAction(
  "workspaceSettings",
  z.object({ domain: z.string().max(1_000) }),
  async ({ domain }, { workspace }) => addSendingDomain({ workspaceId: workspace.id, domain }),
);

export const checkSendingDomainAction = dashboardAction("workspaceSettings", ZId, async ({ id }, { workspace }) =>
  checkSendingDomain({ workspaceId: workspace.id, domainId: id }),
);

export const deleteSendingDomainAction = dashboardAction("workspaceSettings", ZId, async ({ id }, { workspace }) => {
  await deleteSendingDomain({ workspaceId: workspace.id, domainId: id });
  return { id };
});
