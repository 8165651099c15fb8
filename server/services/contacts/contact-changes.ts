// What a change to a contact means, computed once and shared by PATCH, upsert, batch and import: the new state,
// the names of the changed attributes, and the Event and ContactActivity rows that describe it. Pure.
import type { ContactStatus } from "@/lib/schemas/contacts";
import type { ActivityInput } from "./record-activities";

export type ContactState = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: ContactStatus;
  timezone: string | null;
  fields: Record<string, unknown>;
};

/** Attributes to set; undefined leaves one as it is. `fields` merges, a null value removing its key. */
export type ContactPatch = Partial<Omit<ContactState, "fields">> & { fields?: Record<string, unknown> };

export type FieldChange = { field: string; from: unknown; to: unknown };
export type EventRecord = { type: string; payload: Record<string, unknown> };

const ATTRIBUTES = ["email", "firstName", "lastName", "status", "timezone"] as const;

export function applyPatch(current: ContactState, patch: ContactPatch) {
  const next: ContactState = { ...current, fields: { ...current.fields } };
  const changes: FieldChange[] = [];
  for (const attr of ATTRIBUTES) {
    const value = patch[attr];
    if (value === undefined || value === current[attr]) continue;
    changes.push({ field: attr, from: current[attr], to: value });
    (next as Record<string, unknown>)[attr] = value;
  }
  for (const [key, value] of Object.entries(patch.fields ?? {})) {
    const from = current.fields[key] ?? null;
    const to = value ?? null;
    if (sameValue(from, to)) continue;
    changes.push({ field: `fields.${key}`, from, to });
    if (to === null) delete next.fields[key];
    else next.fields[key] = to;
  }
  return { next, changes };
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Events and timeline entries of an update (not for creation: see createdRecords). */
export function updateRecords(contactId: string, next: ContactState, changes: FieldChange[]) {
  const events: EventRecord[] = [];
  const activities: ActivityInput[] = [];
  if (changes.length === 0) return { events, activities };
  events.push({
    type: "contact.updated",
    payload: { contactId, email: next.email, changed: changes.map((c) => c.field) },
  });
  for (const change of changes) {
    if (change.field === "status" && (change.to === "subscribed" || change.to === "unsubscribed")) {
      activities.push({ contactId, type: change.to, data: { from: change.from } });
      if (change.to === "unsubscribed") {
        events.push({ type: "contact.unsubscribed", payload: { contactId, email: next.email } });
      }
    } else {
      activities.push({ contactId, type: "field.changed", data: { ...change } });
    }
  }
  return { events, activities };
}

export function createdRecords(contactId: string, state: ContactState, source: string) {
  const events: EventRecord[] = [{ type: "contact.created", payload: { contactId, email: state.email } }];
  const activities: ActivityInput[] =
    state.status === "subscribed" ? [{ contactId, type: "subscribed", data: { source } }] : [];
  return { events, activities };
}

/**
 * The event and timeline entry of a tag added or removed. The event carries the tag's name at that moment beside its
 * id, so a webhook consumer needs no lookup (and still knows the name after the tag is renamed or deleted).
 */
export function tagRecords(contactId: string, tagId: string, added: boolean, tagName: string) {
  return {
    event: { type: added ? "contact.tag_added" : "contact.tag_removed", payload: { contactId, tagId, tagName } },
    activity: { contactId, type: added ? "tag.added" : "tag.removed", data: { tagId } },
  };
}
