// One public submission, all in one transaction: the contact (created, or the existing one under its row lock),
// tags, the submission row, the form's counters, the Event log and the timeline, and a confirmation email owed
// (a FormConfirmation row the worker's confirmation loop sends). Either all of it is there or none of it.
//
// What an existing address can and cannot do (the answer is the same either way, so nobody learns who is listed):
// - it never overwrites what the contact already has (names, custom fields, time zone): anyone can type anyone's
//   address into a public form, so a submission only fills blanks;
// - it never moves an unsubscribed contact back without a new confirmation, even on a single opt-in form; bounced
//   and complained addresses are never mailed;
// - confirmations per address are capped (FORM_CONFIRMATIONS_PER_DAY, one per FORM_CONFIRMATION_GAP_MS), so the
//   form cannot be used to mail-bomb someone.
import { sqlTransaction, type Query } from "@/server/db/pool";
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
import type { ContactStatus } from "@/lib/schemas/contacts";
import type { LiveForm } from "./public-form";
import type { ParsedSubmission } from "./parse-submission";
import { INSERT_CONTACT, LOCK_CONTACT, RECORD_SUBMISSION, UPDATE_CONTACT } from "./submit-sql";

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

type Contact = ContactState & { id: string };

export async function submitForm(form: LiveForm, input: ParsedSubmission, visit: Visit): Promise<SubmitResult> {
  const emailKey = input.email.toLowerCase();
  return sqlTransaction(async (query) => {
    const events: EventRecord[] = [];
    const activities: ActivityInput[] = [];
    const { contact, created } = await findOrCreate(query, form, input, visit, emailKey, events, activities);

    let status = contact.status;
    if (!created) {
      // Fill blanks only; then the status rule for an address we already know.
      const { next, changes } = applyPatch(contact, {
        firstName: contact.firstName ?? input.firstName ?? undefined,
        lastName: contact.lastName ?? input.lastName ?? undefined,
        timezone: contact.timezone ?? visit.timezone ?? undefined,
        fields: Object.fromEntries(Object.entries(input.fields).filter(([k]) => contact.fields[k] == null)),
        status: contact.status === "pending" && !form.doubleOptIn ? "subscribed" : undefined,
      });
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
        const records = updateRecords(contact.id, next, changes);
        events.push(...records.events);
        activities.push(...records.activities);
      }
      status = next.status;
    }
    // A new pending contact, a known one still pending, or one that unsubscribed: a confirmation is the only way in.
    const wantsConfirmation = status === "pending" || status === "unsubscribed";

    const { rows } = await query<{ submissionId: string }>(RECORD_SUBMISSION, [
      form.workspaceId,
      form.id,
      contact.id,
      input.email,
      emailKey,
      [...new Set([...form.tagIds, ...input.tagIds])],
      JSON.stringify({ ...visit, data: input.data, audienceStatus: status }),
      JSON.stringify(events),
      JSON.stringify(activities.map((a) => ({ type: a.type, data: a.data ?? {} }))),
      wantsConfirmation,
      formLimits.confirmationsPerDay(),
      formLimits.confirmationGapMs() / 1000,
      CONFIRMATION_TTL_MS / 1000,
    ]);
    return { submissionId: rows[0]!.submissionId, contactId: contact.id, audienceStatus: status, created };
  });
}

async function findOrCreate(
  query: Query,
  form: LiveForm,
  input: ParsedSubmission,
  visit: Visit,
  emailKey: string,
  events: EventRecord[],
  activities: ActivityInput[],
): Promise<{ contact: Contact; created: boolean }> {
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
  const inserted = await query(INSERT_CONTACT, [
    id,
    form.workspaceId,
    state.email,
    emailKey,
    state.firstName,
    state.lastName,
    state.status,
    state.timezone,
    source,
    JSON.stringify(state.fields),
  ]);
  if (inserted.rowCount) {
    const records = createdRecords(id, state, source);
    events.push(...records.events);
    activities.push(...records.activities);
    return { contact: { ...state, id }, created: true };
  }
  // The address exists (or a concurrent submission just inserted it: the INSERT waited for it): lock it.
  const { rows } = await query<Contact & { fields: unknown }>(LOCK_CONTACT, [form.workspaceId, emailKey]);
  const row = rows[0]!;
  return { contact: { ...row, fields: isRecord(row.fields) ? row.fields : {} }, created: false };
}
