// Contacts in an automation, through the API and the report: the list (newest entry first, cursor pages), enrolling
// one contact (the `api` entry; any trigger's automation takes it while active) and taking one out. Enrolling and
// removing go through the engine's run moves (server/automations/run-moves.ts), in one transaction each, with their
// history rows and webhook events.
import { randomUUID } from "node:crypto";
import { sql, sqlTransaction } from "@/server/db/pool";
import { AppError } from "@/server/errors";
import { decodeCursor, encodeCursor, invalidCursor } from "@/server/http/pagination";
import { automationNow } from "@/server/automations/clock";
import { enterRuns, exitRuns, cancelQueuedEmails } from "@/server/automations/run-moves";
import type { Enrolment } from "@/lib/schemas/automations";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import type { ZEnrolContact, ZListEnrolmentsQuery } from "@/lib/schemas/automations";
import { loadAutomationRow } from "./automation-record";

/**
 * The path of one enrolment: the automation's id and the run's (a positive 64-bit integer, as a string). A run id
 * that is no such number names no enrolment: the use cases answer 404, after the body has been checked like on
 * every other operation (a params schema that refused it would answer before the body is read).
 */
export const ZEnrolmentParams = z.object({
  id: ZUuid,
  runId: z.string().max(40).meta({
    description: "The enrolment's id (its run id: a positive integer)",
    pattern: "^[1-9][0-9]{0,18}$",
    example: "4711",
  }),
});

export type ListEnrolmentsQuery = z.output<typeof ZListEnrolmentsQuery>;
export type EnrolContact = z.output<typeof ZEnrolContact>;

/** Why an enrolment was refused, for callers that show more than the sentence (the dashboard). */
export type EnrolConflict = "contact_not_subscribed" | "already_enrolled" | "not_active";
export class EnrolmentConflict extends AppError {
  constructor(
    readonly reason: EnrolConflict,
    message: string,
  ) {
    super("CONFLICT", message);
  }
}

type RunRow = {
  id: string;
  automationId: string;
  contactId: string;
  email: string;
  status: Enrolment["status"];
  stepId: string | null;
  dueAt: Date | null;
  converted: boolean;
  exitReason: string | null;
  version: number;
  enteredAt: Date;
  finishedAt: Date | null;
};

const RUN_COLUMNS = `r.id::text AS id, r."automationId", r."contactId", c.email, r.status, r."stepId", r."dueAt",
  r.converted, r."exitReason", r.version, r."enteredAt", r."finishedAt"`;

const toEnrolment = (r: RunRow): Enrolment => ({
  id: r.id,
  automationId: r.automationId,
  contactId: r.contactId,
  email: r.email,
  status: r.status,
  stepId: r.stepId,
  dueAt: r.dueAt ? r.dueAt.toISOString() : null,
  converted: r.converted,
  exitReason: r.exitReason,
  version: r.version,
  enteredAt: r.enteredAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
});

/** Newest entry first, keyset-paged on the run id; filtered by status, step and contact. */
export async function listEnrolments(
  workspaceId: string,
  id: string,
  query: ListEnrolmentsQuery,
): Promise<{ data: Enrolment[]; nextCursor: string | null }> {
  const before = query.cursor ? readCursor(query.cursor, id) : null;
  await loadAutomationRow(workspaceId, id);
  const rows = await sql<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM "AutomationRun" r JOIN "Contact" c ON c.id = r."contactId"
      WHERE r."automationId" = $1::uuid AND r."workspaceId" = $2::uuid
        AND ($3::bigint IS NULL OR r.id < $3::bigint)
        AND ($4::"AutomationRunStatus" IS NULL OR r.status = $4::"AutomationRunStatus")
        AND ($5::text IS NULL OR r."stepId" = $5::text)
        AND ($6::uuid IS NULL OR r."contactId" = $6::uuid)
      ORDER BY r.id DESC LIMIT $7`,
    [id, workspaceId, before, query.status ?? null, query.stepId ?? null, query.contactId ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toEnrolment),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ k: "enrolments", a: id, r: last.id }) : null,
  };
}

function readCursor(cursor: string, automationId: string): string {
  const p = decodeCursor<{ k: string; a: string; r: string }>(cursor);
  if (p.k !== "enrolments" || p.a !== automationId || typeof p.r !== "string" || !/^\d{1,19}$/.test(p.r))
    throw invalidCursor();
  return p.r;
}

const MAX_RUN_ID = 2n ** 63n - 1n;

/** One enrolment of the automation (404 for another automation's run). */
export async function getEnrolment(workspaceId: string, automationId: string, runId: string): Promise<Enrolment> {
  return loadRun(workspaceId, automationId, runId);
}

async function loadRun(workspaceId: string, automationId: string, runId: string): Promise<Enrolment> {
  // Run ids are bigints: anything else names no run (404, like an unknown id), never a database error.
  if (!/^\d{1,19}$/.test(runId) || BigInt(runId) > MAX_RUN_ID)
    throw new AppError("NOT_FOUND", "No such enrolment in this automation.");
  const [row] = await sql<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM "AutomationRun" r JOIN "Contact" c ON c.id = r."contactId"
      WHERE r.id = $1::bigint AND r."automationId" = $2::uuid AND r."workspaceId" = $3::uuid`,
    [runId, automationId, workspaceId],
  );
  if (!row) throw new AppError("NOT_FOUND", "No such enrolment in this automation.");
  return toEnrolment(row);
}

/**
 * Puts one contact (by id or address) into an active automation at its first step, whatever its trigger, with the
 * re-entry rule honoured. 409 with the reason when the automation is not active, the contact is not subscribed, or
 * they are inside already or may not enter again.
 */
export async function enrolContact(workspaceId: string, id: string, body: EnrolContact): Promise<Enrolment> {
  const automation = await loadAutomationRow(workspaceId, id);
  if (automation.status !== "active") {
    throw new EnrolmentConflict(
      "not_active",
      `Cannot enrol a contact in an automation whose status is \`${automation.status}\`: only an active automation takes contacts${automation.status === "paused" ? " (activate it to resume)" : ""}.`,
    );
  }
  const [contact] = await sql<{ id: string; status: string }>(
    `SELECT id, status FROM "Contact" WHERE "workspaceId" = $1::uuid AND ${body.contactId ? "id = $2::uuid" : "lower(email) = lower($2)"}`,
    [workspaceId, body.contactId ?? body.email],
  );
  if (!contact) {
    throw new AppError("NOT_FOUND", body.contactId ? "Contact not found." : "No contact with this email address.");
  }
  if (contact.status !== "subscribed") {
    throw new EnrolmentConflict(
      "contact_not_subscribed",
      `The contact's status is \`${contact.status}\`: automations send only to subscribed contacts, so they cannot be enrolled.`,
    );
  }
  const now = await automationNow();
  const [entered] = await sqlTransaction((query) =>
    enterRuns(
      query,
      { automationId: id, workspaceId },
      [{ contactId: contact.id, entryKey: `api:${randomUUID()}` }],
      now,
    ),
  );
  if (entered) return loadRun(workspaceId, id, entered.runId);
  throw await whyNotEntered(workspaceId, id, contact.id);
}

/** enterRuns made no run: say which rule kept the contact out (read after the attempt, so it names what refused). */
async function whyNotEntered(workspaceId: string, id: string, contactId: string): Promise<AppError> {
  const [state] = await sql<{
    automation: string;
    contact: string;
    active: boolean;
    entered: Date | null;
    reentry: { mode: string; days?: number };
  }>(
    `SELECT a.status AS automation, c.status AS contact,
            (SELECT v.reentry FROM "AutomationVersion" v
              WHERE v."automationId" = a.id AND v.version = a."publishedVersion") AS reentry,
            EXISTS (SELECT 1 FROM "AutomationRun" r WHERE r."automationId" = a.id AND r."contactId" = c.id AND r.status = 'active') AS active,
            (SELECT max(r."enteredAt") FROM "AutomationRun" r WHERE r."automationId" = a.id AND r."contactId" = c.id) AS entered
       FROM "Automation" a, "Contact" c WHERE a.id = $1::uuid AND c.id = $2::uuid AND a."workspaceId" = $3::uuid`,
    [id, contactId, workspaceId],
  );
  if (!state || state.automation !== "active")
    return new EnrolmentConflict("not_active", "The automation stopped being active while the contact was enrolled.");
  if (state.contact !== "subscribed")
    return new EnrolmentConflict(
      "contact_not_subscribed",
      `The contact's status is \`${state.contact}\`: automations send only to subscribed contacts.`,
    );
  if (state.active)
    return new EnrolmentConflict(
      "already_enrolled",
      "The contact is in this automation already (a contact is never in it twice at the same time).",
    );
  const rule =
    state.reentry?.mode === "after_days"
      ? `may enter again ${state.reentry.days} days after their last entry`
      : "enter only once";
  return new EnrolmentConflict(
    "already_enrolled",
    `The contact entered this automation before${state.entered ? ` (${state.entered.toISOString()})` : ""}, and its re-entry rule says contacts ${rule}.`,
  );
}

/**
 * Takes a contact out now (exit reason `removed`); a run that already finished is answered as it is. Either way its
 * emails still queued are not sent.
 */
export async function removeEnrolment(workspaceId: string, id: string, runId: string): Promise<Enrolment> {
  await loadRun(workspaceId, id, runId);
  const now = await automationNow();
  await sqlTransaction(async (query) => {
    await exitRuns(query, { runIds: [runId], automationId: id, workspaceId }, "removed", now);
    // An email the run queued and the sender has not sent yet is not sent either.
    await cancelQueuedEmails(query, { workspaceId, runIds: [runId] }, "removed from the automation");
  });
  return loadRun(workspaceId, id, runId);
}
