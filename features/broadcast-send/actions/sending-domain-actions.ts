"use server";
// The workspace's sending domains as the send checklist reads them: a From address that no verified domain signs
// gets a warning (lib/deliverability/sending-domains.ts, fromDomainWarning).
import { z } from "zod";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { sendingDomainStates } from "@/server/services/deliverability/list-sending-domains";

export const getSendingDomainStatesAction = dashboardAction("broadcasts", z.object({}), async (_, { workspace }) =>
  sendingDomainStates(workspace.id),
);
