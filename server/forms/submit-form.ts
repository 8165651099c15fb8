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
import { db } from "@/server/db/client";
import { formLimits } from "@/server/config";
import { recordEvents, type Tx } from "@/server/events/record-event";
import {
  applyPatch,
  createdRecords,
  tagRecords,
  updateRecords,
  type EventRecord,
} from "@/server/services/contacts/contact-changes";
import { recordActivities, type ActivityInput } from "@/server/services/contacts/record-activities";
import {
  insertContacts,
  linkTags,
  lockContactsByEmail,
  updateContacts,
  type LockedContact,
} from "@/server/services/contacts/write-contacts";
import type { ContactStatus } from "@/lib/schemas/contacts";
import type { LiveForm } from "./public-form";
import type { ParsedSubmission } from "./parse-submission";

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

export async function submitForm(form: LiveForm, input: ParsedSubmission, visit: Visit): Promise<SubmitResult> {
  return db().$transaction(async (tx) => {
    const emailKey = input.email.toLowerCase();
    const events: EventRecord[] = [];
    const activities: ActivityInput[] = [];
    const { contact, created } = await findOrCreate(tx, form, input, visit, events, activities);

    let status = contact.status;
    let wantsConfirmation = false;
    if (!created) {
      // Fill blanks only; then the status rule for an address we already know.
      const patch = {
        firstName: contact.firstName ?? input.firstName ?? undefined,
        lastName: contact.lastName ?? input.lastName ?? undefined,
        timezone: contact.timezone ?? visit.timezone ?? undefined,
        fields: Object.fromEntries(Object.entries(input.fields).filter(([k]) => contact.fields[k] == null)),
        status: contact.status === "pending" && !form.doubleOptIn ? ("subscribed" as const) : undefined,
      };
      const { next, changes } = applyPatch(contact, patch);
      if (changes.length) {
        await updateContacts(tx, form.workspaceId, [{ ...next, id: contact.id }]);
        const records = updateRecords(contact.id, next, changes);
        events.push(...records.events);
        activities.push(...records.activities);
      }
      status = next.status;
      wantsConfirmation = status === "pending" || status === "unsubscribed";
    } else {
      wantsConfirmation = status === "pending";
    }

    const tagIds = [...new Set([...form.tagIds, ...input.tagIds])];
    for (const link of await linkTags(tx, form.workspaceId, [contact.id], tagIds)) {
      const { event, activity } = tagRecords(link.contactId, link.tagId, true);
      events.push(event);
      activities.push(activity);
    }

    const [submission] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, "ipAddress", "userAgent", timezone,
                                    referrer, "utmSource", source, device, "audienceStatus", "contactEmail")
      VALUES (gen_random_uuid(), ${form.id}::uuid, ${form.workspaceId}::uuid, ${contact.id}::uuid,
              ${JSON.stringify(input.data)}::jsonb, ${visit.ipAddress}, ${visit.userAgent}, ${visit.timezone},
              ${visit.referrer}, ${visit.utmSource}, ${visit.source}, ${visit.device}, ${status}, ${input.email})
      RETURNING id::text`;
    const submissionId = submission!.id;
    await tx.$executeRaw`
      WITH counted AS (
        UPDATE "Form" SET "submissionsCount" = "submissionsCount" + 1 WHERE id = ${form.id}::uuid RETURNING id)
      INSERT INTO "FormDailyStats" ("formId", day, submissions)
      SELECT id, (now() AT TIME ZONE 'UTC')::date, 1 FROM counted
          ON CONFLICT ("formId", day) DO UPDATE SET submissions = "FormDailyStats".submissions + 1`;

    events.push({
      type: "form.submitted",
      payload: { formId: form.id, submissionId, contactId: contact.id, email: input.email },
    });
    await recordEvents(tx, form.workspaceId, events);
    await recordActivities(tx, form.workspaceId, activities);
    // The timeline entry segments' `submitted_form` condition reads (by formId).
    await tx.$executeRaw`
      INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "formId", data)
      VALUES (gen_random_uuid(), ${form.workspaceId}::uuid, ${contact.id}::uuid, 'form.submitted', ${form.id}::uuid,
              ${JSON.stringify({ submissionId })}::jsonb)`;

    if (wantsConfirmation) await oweConfirmation(tx, form, contact.id, emailKey);
    return { submissionId, contactId: contact.id, audienceStatus: status, created };
  });
}

async function findOrCreate(
  tx: Tx,
  form: LiveForm,
  input: ParsedSubmission,
  visit: Visit,
  events: EventRecord[],
  activities: ActivityInput[],
): Promise<{ contact: LockedContact; created: boolean }> {
  const emailKey = input.email.toLowerCase();
  const [existing] = await lockContactsByEmail(tx, form.workspaceId, [emailKey]);
  if (existing) return { contact: existing, created: false };
  const state = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    status: (form.doubleOptIn ? "pending" : "subscribed") as ContactStatus,
    timezone: visit.timezone,
    fields: input.fields,
  };
  const id = crypto.randomUUID();
  const source = `form:${form.id}`;
  const inserted = await insertContacts(tx, form.workspaceId, source, [{ ...state, id, emailKey }]);
  if (!inserted.has(emailKey)) {
    // A concurrent submission of the same address inserted it first: it exists now; lock and treat it as known.
    const [raced] = await lockContactsByEmail(tx, form.workspaceId, [emailKey]);
    return { contact: raced!, created: false };
  }
  const records = createdRecords(id, state, source);
  events.push(...records.events);
  activities.push(...records.activities);
  return { contact: { ...state, id, emailKey }, created: true };
}

/** A confirmation row unless this address had one too recently or too often (checked under the contact's lock). */
async function oweConfirmation(tx: Tx, form: LiveForm, contactId: string, emailKey: string) {
  const [recent] = await tx.$queryRaw<{ today: number; latest: Date | null }[]>`
    SELECT count(*)::int AS today, max("createdAt") AS latest
      FROM "FormConfirmation"
     WHERE "workspaceId" = ${form.workspaceId}::uuid AND "emailKey" = ${emailKey}
       AND "createdAt" > now() - interval '1 day'`;
  if (recent && recent.today >= formLimits.confirmationsPerDay()) return;
  if (recent?.latest && Date.now() - recent.latest.getTime() < formLimits.confirmationGapMs()) return;
  await tx.$executeRaw`
    INSERT INTO "FormConfirmation" (id, "workspaceId", "formId", "contactId", "emailKey", "expiresAt")
    VALUES (gen_random_uuid(), ${form.workspaceId}::uuid, ${form.id}::uuid, ${contactId}::uuid, ${emailKey},
            now() + make_interval(secs => ${CONFIRMATION_TTL_MS / 1000}))`;
}
