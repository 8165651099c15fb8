// One public submission, atomically: the contact (created, or the existing one under its row lock), tags, the
// submission row, the form's counters, the Event log and the timeline, and a confirmation email owed (a
// FormConfirmation row the worker's confirmation loop sends). Either all of it is there or none of it: a new
// address is one statement, a known one one transaction (submit-sql.ts).
//
// What an existing address can and cannot do (the answer is the same either way, so nobody learns who is listed):
// - it never overwrites what the contact already has (names, custom fields, time zone): anyone can type anyone's
//   address into a public form, so a submission only fills blanks;
// - it never moves an unsubscribed contact back without a new confirmation, even on a single opt-in form; bounced
//   and complained addresses are never mailed;
// - confirmations per address are capped (FORM_CONFIRMATIONS_PER_DAY, one per FORM_CONFIRMATION_GAP_MS), so the
//   form cannot be used to mail-bomb someone.
// The render token's nonce is spent in the same statement (FormTokenUse): a replay of an accepted submission stores
// nothing and is a 409 the embed script answers by fetching a fresh token.
// The same statement checks that the form definition the values were checked against is still the current one
// (StaleForm when not: nothing was written, and the caller checks the values again against a fresh copy).
import { preparedSql, sqlTransaction, type Query } from "@/server/db/pool";
import { formLimits } from "@/server/config";
import { isRecord } from "@/server/services/contacts/contact-record";
import {
  applyPatch,
  createdRecords,
  updateRecords,
  type ContactState,
  type EventRecord,
} from "@/server/services/contacts/contact-changes";
import type { ActivityInput } from "@/server/services/contacts/record-activities";
import { mayMove, STATUS_MOVES } from "@/server/services/contacts/status-moves";
import type { ContactStatus } from "@/lib/schemas/contacts";
import { formNotFound, type SubmitForm } from "./public-form";
import type { ParsedSubmission } from "./parse-submission";
import { FormProblem } from "./form-problems";
import {
  CREATE_AND_RECORD,
  LOCK_CONTACT,
  RECORD_SUBMISSION,
  TOKEN_USED_CONSTRAINT,
  UPDATE_CONTACT,
} from "./submit-sql";

export const CONFIRMATION_TTL_MS = 7 * 86_400_000;

export type Visit = {
  ipAddress: string | null;
  userAgent: string | null;
  timezone: string | null;
  referrer: string | null;
  utmSource: string | null;
  source: string;
  device: string;
};

export type SubmitResult = { submissionId: string; contactId: string; audienceStatus: ContactStatus; created: boolean };

/** The form (or a custom field it uses) changed since the copy the submission was checked against: nothing written. */
export class StaleForm extends Error {
  constructor() {
    super("The form changed since its definition was read.");
  }
}

type Contact = ContactState & { id: string };

/** `nonce`: the render token's (render-token.ts), spent by the accepted submission. */
export async function submitForm(
  form: SubmitForm,
  input: ParsedSubmission,
  nonce: string,
  visit: Visit,
): Promise<SubmitResult> {
  const submission = { form, input, nonce, visit, emailKey: input.email.toLowerCase() };
  try {
    const fresh = await createWithSubmission(submission);
    if (fresh) return fresh;
    const known = await sqlTransaction((query) => recordForKnownContact(query, submission));
    // Erased between the two statements: it is a new address again.
    return known ?? (await submitForm(form, input, nonce, visit));
  } catch (error) {
    if (isTokenReplay(error)) throw new FormProblem("used");
    throw error;
  }
}

type Submission = { form: SubmitForm; input: ParsedSubmission; nonce: string; visit: Visit; emailKey: string };

const isTokenReplay = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  (error as { code?: unknown }).code === "23505" &&
  (error as { constraint?: unknown }).constraint === TOKEN_USED_CONSTRAINT;

/** Values every variant of the record statement shares ($1–$17 of submit-sql.ts). */
function recordParams(
  { form, input, visit, emailKey, nonce }: Submission,
  contactId: string,
  status: ContactStatus,
  events: EventRecord[],
  activities: ActivityInput[],
) {
  return [
    form.workspaceId,
    form.id,
    contactId,
    input.email,
    emailKey,
    tagsOf({ form, input }),
    JSON.stringify({ ...visit, data: input.data, audienceStatus: status }),
    JSON.stringify(events),
    JSON.stringify(activities.map((a) => ({ type: a.type, data: a.data ?? {} }))),
    // A new pending contact, a known one still pending, or one that unsubscribed: a confirmation is the only way in.
    status === "pending" || status === "unsubscribed",
    formLimits.confirmationsPerDay(),
    formLimits.confirmationGapMs() / 1000,
    CONFIRMATION_TTL_MS / 1000,
    nonce,
    form.version.form,
    form.version.fieldKeys,
    form.version.fields,
  ];
}

const tagsOf = ({ form, input }: Pick<Submission, "form" | "input">) => [...new Set([...form.tagIds, ...input.tagIds])];
/** The statement variant: with the tag parts only when there are tags to give. */
const variant = (submission: Submission) => (tagsOf(submission).length ? "tags" : "none");

type Recorded = { live: boolean; current: boolean; submissionId: string | null };

function checkRecorded(row: Recorded | undefined): asserts row is Recorded {
  if (!row?.live) throw formNotFound();
  if (!row.current) throw new StaleForm();
}

/** The common case in one statement: a new address. Null when the address exists (nothing was written). */
async function createWithSubmission(submission: Submission): Promise<SubmitResult | null> {
  const { form, input, visit } = submission;
  const state: ContactState = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    status: form.doubleOptIn ? "pending" : "subscribed",
    timezone: visit.timezone,
    fields: input.fields,
  };
  const id = crypto.randomUUID();
  const source = `form:${form.id}`;
  const { events, activities } = createdRecords(id, state, source);
  const [row] = await preparedSql<Recorded>(CREATE_AND_RECORD[variant(submission)], [
    ...recordParams(submission, id, state.status, events, activities),
    JSON.stringify({ ...state, source }),
  ]);
  checkRecorded(row);
  return row.submissionId
    ? { submissionId: row.submissionId, contactId: id, audienceStatus: state.status, created: true }
    : null;
}

/**
 * An address already on the list, under its row lock: fill blanks only, then the status rule (a single opt-in form
 * confirms a pending contact; nothing else changes a status here). Null when the contact is gone meanwhile.
 */
async function recordForKnownContact(query: Query, submission: Submission): Promise<SubmitResult | null> {
  const { form, input, visit, emailKey } = submission;
  const { rows } = await query<Contact & { fields: unknown }>(LOCK_CONTACT, [form.workspaceId, emailKey]);
  const row = rows[0];
  if (!row) return null;
  const contact: Contact = { ...row, fields: isRecord(row.fields) ? row.fields : {} };
  const { next, changes } = applyPatch(contact, {
    firstName: contact.firstName ?? input.firstName ?? undefined,
    lastName: contact.lastName ?? input.lastName ?? undefined,
    timezone: contact.timezone ?? visit.timezone ?? undefined,
    fields: Object.fromEntries(Object.entries(input.fields).filter(([k]) => contact.fields[k] == null)),
    status:
      !form.doubleOptIn && mayMove("singleOptInForm", contact.status) ? STATUS_MOVES.singleOptInForm.to : undefined,
  });
  const { events, activities } = updateRecords(contact.id, next, changes);
  if (changes.length) {
    await query(UPDATE_CONTACT, [
      form.workspaceId,
      contact.id,
      next.firstName,
      next.lastName,
      next.status,
      next.timezone,
      JSON.stringify(next.fields),
    ]);
  }
  const result = await query<Recorded>(
    RECORD_SUBMISSION[variant(submission)],
    recordParams(submission, contact.id, next.status, events, activities),
  );
  const recorded = result.rows[0];
  checkRecorded(recorded); // throwing rolls the contact's update back
  return {
    submissionId: recorded.submissionId!,
    contactId: contact.id,
    audienceStatus: next.status,
    created: false,
  };
}
