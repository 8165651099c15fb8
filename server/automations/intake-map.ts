// What the automation intake does with a batch of contact activity (server/automations/intake.ts reads it): which
// rows fire which triggers, wake which waiting runs, end which runs, and which contacts changed in a way that can
// make a segment (or a goal's rules) match. Pure: the intake turns the plan into set-based statements.

/** One ContactActivity row as the intake reads it (contactId is never null: erased contacts' rows are skipped). */
export type IntakeActivity = {
  id: string;
  workspaceId: string;
  contactId: string;
  type: string;
  formId: string | null;
  data: Record<string, unknown>;
  /** For `subscribed`: the form.submitted row's formId written in the same transaction (a known contact's
   *  single opt-in sign-up records `subscribed` with only `from`, beside the submission). */
  siblingFormId: string | null;
};

/** The activity types the intake reads: the predicate of the partial index ContactActivity_intake_idx (keep equal). */
export const INTAKE_TYPES = [
  "subscribed",
  "unsubscribed",
  "tag.added",
  "tag.removed",
  "field.changed",
  "form.submitted",
  "email.opened",
  "email.clicked",
  "email.bounced",
  "email.complained",
  "contact.updated",
] as const;

/** Changes after which a contact may newly match a segment's (or a goal's) rules. */
const CHANGES = new Set([
  "tag.added",
  "tag.removed",
  "field.changed",
  "subscribed",
  "email.opened",
  "email.clicked",
  "form.submitted",
]);

export type Entry = { workspaceId: string; contactId: string; activityId: string };
export type SubscribedEntry = Entry & { formId: string | null };
export type TagEntry = Entry & { tagId: string };
/** workspaceId → key (a wake event or an exit reason) → contact ids. */
export type Grouped = Map<string, Map<string, Set<string>>>;

export type IntakePlan = {
  subscribed: SubscribedEntry[];
  tagAdded: TagEntry[];
  /** Events as wait_for steps store them in AutomationRun.waitingFor. */
  wakes: Grouped;
  /** Reasons as the runs' exitReason records them. */
  exits: Grouped;
  /** workspaceId → contactId → the first changing activity's id (the entry key of a segment_entered entry). */
  changed: Map<string, Map<string, string>>;
};

const FORM_SOURCE = /^form:([0-9a-f-]{36})$/i;
const text = (v: unknown) => (typeof v === "string" && v ? v : null);

/**
 * The form a `subscribed` row came through, or null for any other source: the double opt-in confirmation records
 * data.formId, a new contact's single opt-in sign-up data.source "form:<id>", a known contact's single opt-in
 * sign-up only the submission beside it (siblingFormId).
 */
export function subscribedFormId(a: Pick<IntakeActivity, "formId" | "data" | "siblingFormId">): string | null {
  const source = text(a.data.source);
  return a.formId ?? text(a.data.formId) ?? (source && FORM_SOURCE.exec(source)?.[1]) ?? a.siblingFormId ?? null;
}

/** Why a run ends because of this row, or null: only hard bounces end runs (a soft one may deliver next time). */
export function exitReason(a: Pick<IntakeActivity, "type" | "data">): string | null {
  if (a.type === "unsubscribed") return "unsubscribed";
  if (a.type === "email.complained") return "complained";
  // A soft bounce ends runs too when it set off the soft-bounce rule (the contact is suppressed as bounced).
  if (a.type === "email.bounced" && (a.data.bounceType === "hard" || a.data.rule === "soft_bounces")) return "bounced";
  return null;
}

/** The waitingFor values this row satisfies (ZWaitEvent: clicked, tag_added:<id>, form_submitted[:<id>]). */
export function wakeEvents(a: Pick<IntakeActivity, "type" | "data" | "formId">): string[] {
  if (a.type === "email.clicked") return ["clicked"];
  if (a.type === "tag.added") {
    const tagId = text(a.data.tagId);
    return tagId ? [`tag_added:${tagId}`] : [];
  }
  if (a.type === "form.submitted")
    return a.formId ? ["form_submitted", `form_submitted:${a.formId}`] : ["form_submitted"];
  return [];
}

function add(groups: Grouped, workspaceId: string, key: string, contactId: string) {
  let byKey = groups.get(workspaceId);
  if (!byKey) groups.set(workspaceId, (byKey = new Map()));
  let contacts = byKey.get(key);
  if (!contacts) byKey.set(key, (contacts = new Set()));
  contacts.add(contactId);
}

export function planIntake(activities: IntakeActivity[]): IntakePlan {
  const plan: IntakePlan = { subscribed: [], tagAdded: [], wakes: new Map(), exits: new Map(), changed: new Map() };
  for (const a of activities) {
    const entry = { workspaceId: a.workspaceId, contactId: a.contactId, activityId: a.id };
    if (a.type === "subscribed") plan.subscribed.push({ ...entry, formId: subscribedFormId(a) });
    if (a.type === "tag.added" && text(a.data.tagId)) plan.tagAdded.push({ ...entry, tagId: text(a.data.tagId)! });
    for (const event of wakeEvents(a)) add(plan.wakes, a.workspaceId, event, a.contactId);
    const reason = exitReason(a);
    if (reason) add(plan.exits, a.workspaceId, reason, a.contactId);
    if (CHANGES.has(a.type)) {
      let contacts = plan.changed.get(a.workspaceId);
      if (!contacts) plan.changed.set(a.workspaceId, (contacts = new Map()));
      if (!contacts.has(a.contactId)) contacts.set(a.contactId, a.id);
    }
  }
  return plan;
}

/**
 * Which of the plan's entries a trigger takes, one per contact (the first row of the batch: its id is the entry
 * key, so a replayed batch makes the same entries and the run's unique key refuses the second).
 */
export function triggerEntries(plan: IntakePlan, workspaceId: string, trigger: unknown): Entry[] {
  const t = (trigger ?? {}) as { type?: unknown; formId?: unknown; tagId?: unknown };
  let matched: Entry[] = [];
  if (t.type === "subscribed") {
    const formId = text(t.formId);
    matched = plan.subscribed.filter((e) => e.workspaceId === workspaceId && (!formId || e.formId === formId));
  } else if (t.type === "tag_added") {
    matched = plan.tagAdded.filter((e) => e.workspaceId === workspaceId && e.tagId === t.tagId);
  }
  const seen = new Set<string>();
  return matched.filter((e) => !seen.has(e.contactId) && seen.add(e.contactId));
}
