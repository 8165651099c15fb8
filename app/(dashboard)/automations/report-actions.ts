"use server";
// The automation report's server actions: its polled figures over a range, the enrolments table, and adding or
// removing a contact by hand (both change who receives the automation's emails: a sender's right).
import { z } from "zod";
import { ZListEnrolmentsQuery, ZRunStatus, ZStepId } from "@/lib/schemas/automations";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import {
  EnrolmentConflict,
  enrolContact,
  listEnrolments,
  removeEnrolment,
} from "@/server/services/automations/enrolments";
import { enrolRefusalText } from "./_lib/enrol-refusal";
import { findContactIdByEmail } from "./_lib/find-contact";
import { loadAutomationReport } from "./_lib/load-report";
import { REPORT_RANGES, type ReportRange } from "./_lib/ranges";

export const getAutomationReportAction = dashboardAction(
  "broadcasts",
  z.object({ id: ZUuid, days: z.union(REPORT_RANGES.map((d) => z.literal(d))) }),
  async ({ id, days }, { workspace }) => loadAutomationReport(workspace.id, id, days as ReportRange),
);

/**
 * A page of the enrolments table. The API filters by contact, not by address: the search box names one address,
 * and an address no contact has matches nobody.
 */
export const listEnrolmentsAction = dashboardAction(
  "broadcasts",
  z.object({
    id: ZUuid,
    status: ZRunStatus.optional(),
    stepId: ZStepId.optional(),
    email: z.string().trim().max(254).optional(),
    cursor: z.string().max(512).optional(),
  }),
  async ({ id, email, ...filter }, { workspace }) => {
    const contactId = email ? await findContactIdByEmail(workspace.id, email) : undefined;
    if (contactId === null) return { data: [], nextCursor: null };
    const query = ZListEnrolmentsQuery.parse({ ...filter, contactId });
    return listEnrolments(workspace.id, id, query);
  },
);

/**
 * 409 when the contact is not subscribed, is already inside (or may not enter again), or the automation is not
 * active; 404 for an address no contact has. Each refusal is worded for the dialog, led by its reason.
 */
export const enrolContactAction = dashboardAction(
  "broadcasts.send",
  z.object({ id: ZUuid, email: z.email("Enter an email address.").max(254, "At most 254 characters.") }),
  async ({ id, email }, { workspace }) => {
    try {
      return await enrolContact(workspace.id, id, { email });
    } catch (error) {
      if (error instanceof EnrolmentConflict)
        throw new AppError("CONFLICT", enrolRefusalText(error.reason, error.message, email));
      // The automation's own 404 keeps its words; the contact's names the address.
      if (error instanceof AppError && error.code === "NOT_FOUND" && /contact/i.test(error.message))
        throw new AppError("NOT_FOUND", enrolRefusalText("not_found", error.message, email));
      throw error;
    }
  },
);

export const removeEnrolmentAction = dashboardAction(
  "broadcasts.send",
  z.object({ id: ZUuid, runId: z.string().regex(/^\d{1,19}$/) }),
  async ({ id, runId }, { workspace }) => removeEnrolment(workspace.id, id, runId),
);
