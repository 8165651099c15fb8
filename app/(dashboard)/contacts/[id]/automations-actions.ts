"use server";
// The contact page's automations section: every automation the contact is or was in, with their step history.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { listContactAutomations } from "@/server/services/automations/list-contact-automations";

export const listContactAutomationsAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => listContactAutomations(workspace.id, id),
);
