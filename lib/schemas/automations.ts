// Automations: the definition contract shared by the API, the dashboard's builder and the engine (server/automations/).
// A definition is a trigger, an optional entry filter (segment rules), a re-entry rule and a flat list of steps
// that point at one another by id (`next`, `yes`/`no`, `branches[].next`, `timedOut`), starting at `startStepId`.
// zod checks each step's shape; `findFlowErrors` checks the whole: every pointer names a step, every step is
// reached exactly once from the start (a tree: no cycles, no orphans, no merges), and the size limits. References
// to the workspace's tags, segments, forms, fields and automations are checked by the service against the database.
import { z } from "zod";
import { ZBlocks, ZFooterStyles, ZTheme } from "./blocks";
import { offsetQuery, cursorQuery, text, ZTimestamp, ZUuid } from "./common";
import { ZSegmentCondition, ZSegmentRules, CUSTOM_FIELD_KEY, MAX_CONDITIONS } from "./segments";

/** A builder stays readable with 50 steps; 200 is the hard limit (the engine caches versions in memory). */
export const MAX_STEPS = 200;
export const MAX_SPLIT_BRANCHES = 5;
export const AUTOMATION_STATUSES = ["draft", "active", "paused", "archived"] as const;
export const RUN_STATUSES = ["active", "completed", "exited"] as const;
export const STEP_TYPES = ["email", "delay", "condition", "wait_for", "action", "split", "goal", "exit"] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const ZAutomationStatus = z.enum(AUTOMATION_STATUSES).meta({ id: "AutomationStatus" });
export const ZRunStatus = z.enum(RUN_STATUSES).meta({ id: "AutomationRunStatus" });

/** Step ids: short, stable, chosen by the client (the builder uses random ones); runs follow them across versions. */
export const ZStepId = z
  .string({ error: "A step id is text." })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, "A step id is 1–40 letters, digits, - or _.")
  .meta({ example: "welcome" });
const ZNext = ZStepId.nullable().meta({
  description: "The step that follows; null leaves the path unfinished (a draft may; activation refuses it)",
});

const ZHHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time of day as HH:MM (24-hour).");
const ZAmount = z.int("A whole number.").min(1, "At least 1.").max(1000, "At most 1000.");
export const DURATION_UNITS = ["minutes", "hours", "days", "weeks"] as const;
export const ZDuration = z
  .strictObject({ amount: ZAmount, unit: z.enum(DURATION_UNITS, { error: "Choose minutes, hours, days or weeks." }) })
  .meta({ id: "AutomationDuration", example: { amount: 2, unit: "days" } });
export const ZWeekdays = z
  .array(z.int().min(1).max(7))
  .min(1, "Choose at least one weekday.")
  .max(7)
  .meta({ description: "ISO weekdays: 1 Monday … 7 Sunday" });
const ZDateField = z
  .string()
  .regex(new RegExp(`^fields\\.${CUSTOM_FIELD_KEY.source.slice(1, -1)}$`), "Choose a date field (fields.<key>).")
  .meta({ description: "A custom field of type date, as fields.<key>" });
const ZEmail = z.email("Must be an email address.").max(254, "At most 254 characters.");

// ---------------------------------------------------------------------------------------------------------------
// Triggers, re-entry, entry filter

export const ZTrigger = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("subscribed"),
        formId: ZUuid.nullish().meta({
          description:
            "Only sign-ups through this form (after double opt-in where the form uses it); omitted: any source",
        }),
      }),
      z.strictObject({ type: z.literal("tag_added"), tagId: ZUuid }),
      z.strictObject({ type: z.literal("segment_entered"), segmentId: ZUuid }),
      z.strictObject({
        type: z.literal("date_anniversary"),
        field: ZDateField,
        time: ZHHMM.meta({ description: "Local time of day in the contact's zone (workspace zone without one)" }),
      }),
      z.strictObject({ type: z.literal("api") }).meta({ description: "Contacts enter only by POST …/enrolments" }),
    ],
    { error: () => "Choose a trigger: subscribed, tag_added, segment_entered, date_anniversary or api." },
  )
  .meta({ id: "AutomationTrigger", example: { type: "subscribed", formId: null } });

export const ZReentry = z
  .discriminatedUnion(
    "mode",
    [
      z.strictObject({ mode: z.literal("once") }),
      z.strictObject({ mode: z.literal("after_days"), days: z.int().min(1).max(3650) }),
      z.strictObject({ mode: z.literal("always") }),
    ],
    { error: () => "Choose once, after_days or always." },
  )
  .meta({
    id: "AutomationReentry",
    description:
      "once: a contact enters at most once ever; after_days: again once `days` have passed since their last entry; " +
      "always: every time the trigger fires. Never twice at the same time. Anniversaries enter once a year whatever this says.",
    example: { mode: "once" },
  });

// ---------------------------------------------------------------------------------------------------------------
// Conditions: segment conditions plus "the email of step X"

export const ZStepEmailCondition = z
  .strictObject({
    type: z.literal("step_email"),
    action: z.enum(["opened", "clicked", "not_opened", "not_clicked"], {
      error: "Choose opened, clicked, not_opened or not_clicked.",
    }),
    stepId: ZStepId.meta({ description: "An email step of this automation, earlier on the same path" }),
  })
  .meta({ id: "AutomationStepEmailCondition", example: { type: "step_email", action: "clicked", stepId: "welcome" } });

export const ZConditionRules = z
  .strictObject({
    match: z.enum(["all", "any"], { error: "Choose all or any." }),
    conditions: z
      .array(z.union([ZStepEmailCondition, ZSegmentCondition]))
      .min(1, "Add at least one condition.")
      .max(MAX_CONDITIONS),
  })
  .meta({
    id: "AutomationConditionRules",
    description: "Segment conditions (see SegmentRules), plus `step_email` conditions on this run's emails",
    example: { match: "all", conditions: [{ type: "step_email", action: "opened", stepId: "welcome" }] },
  });

// ---------------------------------------------------------------------------------------------------------------
// Steps

const stepBase = { id: ZStepId, name: z.string().trim().max(100).nullish() };

export const ZEmailStepContent = z
  .strictObject({
    subject: z.string().trim().max(500).nullish(),
    previewText: z.string().trim().max(500).nullish(),
    blocks: ZBlocks.default([]),
    theme: ZTheme.optional(),
    footerStyles: ZFooterStyles.optional(),
  })
  .meta({ id: "AutomationEmailContent" });

export const ZEmailStep = z
  .strictObject({ ...stepBase, type: z.literal("email"), email: ZEmailStepContent, next: ZNext })
  .meta({ id: "AutomationEmailStep" });

export const ZDelay = z
  .discriminatedUnion(
    "mode",
    [
      z.strictObject({ mode: z.literal("duration"), amount: ZAmount, unit: z.enum(DURATION_UNITS) }),
      z.strictObject({
        mode: z.literal("until_time"),
        time: ZHHMM,
        weekdays: ZWeekdays.optional().meta({ description: "Omitted: any day" }),
      }),
      z.strictObject({
        mode: z.literal("until_date"),
        field: ZDateField,
        offsetDays: z.int().min(-365).max(365).default(0),
        time: ZHHMM.default("09:00"),
      }),
    ],
    { error: () => "Choose a delay: duration, until_time or until_date." },
  )
  .meta({
    id: "AutomationDelay",
    description:
      "duration: wait that long; until_time: the next HH:MM (on one of `weekdays`) in the contact's zone; until_date: " +
      "the date field's day (plus offsetDays) at `time` in the contact's zone (passed or empty: go on at once)",
    example: { mode: "duration", amount: 2, unit: "days" },
  });
export const ZDelayStep = z
  .strictObject({ ...stepBase, type: z.literal("delay"), delay: ZDelay, next: ZNext })
  .meta({ id: "AutomationDelayStep" });

export const ZConditionStep = z
  .strictObject({ ...stepBase, type: z.literal("condition"), rules: ZConditionRules, yes: ZNext, no: ZNext })
  .meta({ id: "AutomationConditionStep" });

export const ZWaitEvent = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({
        type: z.literal("clicked"),
        stepId: ZStepId.nullish().meta({
          description: "A link in this email step's message; omitted: any of this run's emails",
        }),
      }),
      z.strictObject({ type: z.literal("tag_added"), tagId: ZUuid }),
      z.strictObject({ type: z.literal("form_submitted"), formId: ZUuid.nullish() }),
    ],
    { error: () => "Choose an event: clicked, tag_added or form_submitted." },
  )
  .meta({ id: "AutomationWaitEvent" });
export const ZWaitStep = z
  .strictObject({
    ...stepBase,
    type: z.literal("wait_for"),
    event: ZWaitEvent,
    timeout: ZDuration,
    yes: ZNext.meta({ description: "Taken as soon as the event happens" }),
    timedOut: ZNext.meta({ description: "Taken when the timeout passes without it" }),
  })
  .meta({ id: "AutomationWaitStep" });

export const ZAction = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({ type: z.literal("add_tag"), tagId: ZUuid }),
      z.strictObject({ type: z.literal("remove_tag"), tagId: ZUuid }),
      z.strictObject({
        type: z.literal("set_field"),
        field: z.string().regex(CUSTOM_FIELD_KEY, "Choose a custom field."),
        value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
      }),
      z.strictObject({ type: z.literal("start_automation"), automationId: ZUuid }),
      z.strictObject({
        type: z.literal("emit_webhook"),
        label: text(100).meta({ description: "Sent as `label` in the automation.webhook event" }),
      }),
    ],
    { error: () => "Choose an action: add_tag, remove_tag, set_field, start_automation or emit_webhook." },
  )
  .meta({ id: "AutomationAction" });
export const ZActionStep = z
  .strictObject({ ...stepBase, type: z.literal("action"), action: ZAction, next: ZNext })
  .meta({ id: "AutomationActionStep" });

export const ZSplitStep = z
  .strictObject({
    ...stepBase,
    type: z.literal("split"),
    branches: z
      .array(
        z.strictObject({
          label: z.string().trim().max(50).nullish(),
          percent: z.int().min(1, "At least 1 %.").max(99, "At most 99 %."),
          next: ZNext,
        }),
      )
      .min(2, "A split has 2 to 5 branches.")
      .max(MAX_SPLIT_BRANCHES, "A split has 2 to 5 branches."),
  })
  .superRefine((s, ctx) => {
    const sum = s.branches.reduce((n, b) => n + b.percent, 0);
    if (sum !== 100)
      ctx.addIssue({ code: "custom", path: ["branches"], message: `The shares add up to ${sum} %, not 100 %.` });
  })
  .meta({ id: "AutomationSplitStep" });

export const ZGoalStep = z
  .strictObject({
    ...stepBase,
    type: z.literal("goal"),
    rules: ZSegmentRules.meta({
      description: "A contact who matches these while earlier in the automation jumps here",
    }),
    next: ZNext,
  })
  .meta({ id: "AutomationGoalStep" });

export const ZExitStep = z.strictObject({ ...stepBase, type: z.literal("exit") }).meta({ id: "AutomationExitStep" });

export const ZStep = z
  .discriminatedUnion("type", [
    ZEmailStep,
    ZDelayStep,
    ZConditionStep,
    ZWaitStep,
    ZActionStep,
    ZSplitStep,
    ZGoalStep,
    ZExitStep,
  ])
  .meta({ id: "AutomationStep" });
export const ZSteps = z.array(ZStep).max(MAX_STEPS, `An automation has at most ${MAX_STEPS} steps.`);

export type Trigger = z.infer<typeof ZTrigger>;
export type Reentry = z.infer<typeof ZReentry>;
export type Step = z.infer<typeof ZStep>;
export type EmailStep = z.infer<typeof ZEmailStep>;
export type DelayStep = z.infer<typeof ZDelayStep>;
export type ConditionStep = z.infer<typeof ZConditionStep>;
export type WaitStep = z.infer<typeof ZWaitStep>;
export type ActionStep = z.infer<typeof ZActionStep>;
export type SplitStep = z.infer<typeof ZSplitStep>;
export type GoalStep = z.infer<typeof ZGoalStep>;
export type ConditionRules = z.infer<typeof ZConditionRules>;
export type Delay = z.infer<typeof ZDelay>;
export type WaitEvent = z.infer<typeof ZWaitEvent>;
export type Action = z.infer<typeof ZAction>;

/** The pointers out of a step, with the JSON path of each (relative to the step). */
export function stepExits(step: Step): { path: (string | number)[]; next: string | null }[] {
  switch (step.type) {
    case "condition":
      return [
        { path: ["yes"], next: step.yes },
        { path: ["no"], next: step.no },
      ];
    case "wait_for":
      return [
        { path: ["yes"], next: step.yes },
        { path: ["timedOut"], next: step.timedOut },
      ];
    case "split":
      return step.branches.map((b, i) => ({ path: ["branches", i, "next"], next: b.next }));
    case "exit":
      return [];
    default:
      return [{ path: ["next"], next: step.next }];
  }
}

export type FlowIssue = { path: (string | number)[]; message: string };

/**
 * Structural errors of a step list, each with its path from the definition's root (["steps", i, …] or
 * ["startStepId"]). `forActivation` also refuses unfinished paths (a null pointer) and an empty automation.
 */
export function findFlowErrors(
  startStepId: string | null | undefined,
  steps: Step[],
  { forActivation = false }: { forActivation?: boolean } = {},
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const index = new Map<string, number>();
  steps.forEach((s, i) => {
    if (index.has(s.id)) issues.push({ path: ["steps", i, "id"], message: `Step id "${s.id}" is used twice.` });
    else index.set(s.id, i);
  });
  if (steps.length === 0) {
    if (startStepId) issues.push({ path: ["startStepId"], message: `No step has the id "${startStepId}".` });
    if (forActivation) issues.push({ path: ["steps"], message: "Add at least one step." });
    return issues;
  }
  if (!startStepId) {
    issues.push({ path: ["startStepId"], message: "Name the first step (startStepId)." });
    return issues;
  }
  if (!index.has(startStepId)) {
    issues.push({ path: ["startStepId"], message: `No step has the id "${startStepId}".` });
    return issues;
  }
  // Walk from the start: each step must be reached exactly once (a second arrival is a cycle or a merge).
  const reachedFrom = new Map<string, string>([[startStepId, "startStepId"]]);
  const stack = [startStepId];
  while (stack.length) {
    const id = stack.pop()!;
    const i = index.get(id)!;
    const step = steps[i]!;
    for (const exit of stepExits(step)) {
      const path = ["steps", i, ...exit.path];
      if (exit.next === null) {
        if (forActivation) issues.push({ path, message: "This path has no end: add a step, or an Exit." });
        continue;
      }
      if (!index.has(exit.next)) {
        issues.push({ path, message: `No step has the id "${exit.next}".` });
        continue;
      }
      if (reachedFrom.has(exit.next)) {
        issues.push({
          path,
          message:
            exit.next === id || isAncestor(steps, index, reachedFrom, exit.next, id)
              ? `Going to "${exit.next}" here makes a loop.`
              : `Step "${exit.next}" is already reached from elsewhere; each step has one way in.`,
        });
        continue;
      }
      reachedFrom.set(exit.next, id);
      stack.push(exit.next);
    }
  }
  steps.forEach((s, i) => {
    if (!reachedFrom.has(s.id) && index.get(s.id) === i) {
      issues.push({ path: ["steps", i], message: `Step "${s.id}" cannot be reached from the first step.` });
    }
  });
  // A step_email condition or a clicked wait names an email step above it on the same path.
  steps.forEach((s, i) => {
    const refs: { path: (string | number)[]; stepId: string }[] = [];
    if (s.type === "condition") {
      s.rules.conditions.forEach((c, j) => {
        if (c.type === "step_email") refs.push({ path: ["rules", "conditions", j, "stepId"], stepId: c.stepId });
      });
    }
    if (s.type === "wait_for" && s.event.type === "clicked" && s.event.stepId) {
      refs.push({ path: ["event", "stepId"], stepId: s.event.stepId });
    }
    for (const ref of refs) {
      const target = index.get(ref.stepId);
      if (target === undefined || steps[target]!.type !== "email") {
        issues.push({ path: ["steps", i, ...ref.path], message: `"${ref.stepId}" is not an email step.` });
      } else if (reachedFrom.has(s.id) && !isAncestor(steps, index, reachedFrom, ref.stepId, s.id)) {
        issues.push({
          path: ["steps", i, ...ref.path],
          message: `Email "${ref.stepId}" is not before this step on its path.`,
        });
      }
    }
  });
  return issues;
}

function isAncestor(
  steps: Step[],
  index: Map<string, number>,
  reachedFrom: Map<string, string>,
  ancestor: string,
  of: string,
): boolean {
  let cur = reachedFrom.get(of);
  for (let guard = 0; cur && cur !== "startStepId" && guard <= steps.length; guard++) {
    if (cur === ancestor) return true;
    cur = reachedFrom.get(cur);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// The API's resources

const definition = {
  trigger: ZTrigger,
  entryFilter: ZSegmentRules.nullish().meta({ description: "Segment rules a contact must match to enter" }),
  reentry: ZReentry.optional(),
  startStepId: ZStepId.nullish(),
  steps: ZSteps.optional(),
  fromName: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .meta({ description: "Defaults to the workspace's default sender name" }),
  fromEmail: ZEmail.nullish().meta({ description: "Defaults to the workspace's default sender address" }),
  replyTo: ZEmail.nullish(),
};

export const ZCreateAutomation = z
  .strictObject({
    name: text(200).meta({ example: "Welcome series" }),
    description: z.string().trim().max(500).nullish(),
    ...definition,
    template: z
      .enum(["welcome_series", "re_engagement", "birthday"])
      .optional()
      .meta({ description: "Start from a built-in template (its steps, trigger and re-entry; fields given here win)" }),
  })
  .partial({ trigger: true })
  .meta({ id: "CreateAutomation" });

export const ZUpdateAutomation = z
  .strictObject({
    name: text(200).optional(),
    description: z.string().trim().max(500).nullish(),
    ...definition,
    trigger: ZTrigger.optional(),
  })
  .meta({
    id: "UpdateAutomation",
    description: "Editing an active or paused automation publishes the new definition as a new version at once",
  });

export const ZAutomationCounts = z
  .object({
    inside: z.int().meta({ description: "Contacts in the automation now" }),
    entered: z.int(),
    completed: z.int(),
    exited: z.int(),
    converted: z.int().meta({ description: "Runs that reached a goal" }),
  })
  .meta({ id: "AutomationCounts" });

export const ZAutomation = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    name: z.string(),
    description: z.string().nullable(),
    status: ZAutomationStatus,
    trigger: ZTrigger,
    entryFilter: ZSegmentRules.nullable(),
    reentry: ZReentry,
    startStepId: z.string().nullable(),
    steps: z.array(ZStep),
    fromName: z.string().nullable(),
    fromEmail: z.string().nullable(),
    replyTo: z.string().nullable(),
    version: z.int().meta({ description: "The published version new contacts enter (0: never activated)" }),
    counts: ZAutomationCounts,
    activatedAt: ZTimestamp.nullable(),
    pausedAt: ZTimestamp.nullable(),
    archivedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Automation" });

export const ZListAutomationsQuery = z.object({
  ...offsetQuery(),
  status: ZAutomationStatus.optional(),
  search: z.string().trim().max(200).optional().meta({ description: "In the name" }),
});

export const ZEnrolment = z
  .object({
    id: z.string().meta({ description: "The run's id" }),
    automationId: ZUuid,
    contactId: ZUuid,
    email: z.string(),
    status: ZRunStatus,
    stepId: z.string().nullable().meta({ description: "The step the contact is at (null once finished)" }),
    dueAt: ZTimestamp.nullable(),
    converted: z.boolean(),
    exitReason: z.string().nullable(),
    version: z.int(),
    enteredAt: ZTimestamp,
    finishedAt: ZTimestamp.nullable(),
  })
  .meta({ id: "AutomationEnrolment" });

export const ZListEnrolmentsQuery = z.object({
  ...cursorQuery(),
  status: ZRunStatus.optional(),
  stepId: ZStepId.optional(),
  contactId: ZUuid.optional(),
});

export const ZEnrolContact = z
  .strictObject({
    contactId: ZUuid.optional(),
    email: z.email().max(254).optional().meta({ description: "Instead of contactId: the contact with this address" }),
  })
  .refine((b) => (b.contactId ? !b.email : !!b.email), { message: "Give contactId or email (one of them)." })
  .meta({ id: "EnrolContact" });

/** A range bound: a date-time whose instant falls in the years 1970–9999 (answers stay valid RFC 3339). */
const ZRangeBound = z.iso
  .datetime({ offset: true })
  .refine(
    (v) => {
      const year = new Date(v).getUTCFullYear();
      // Not a date-time at all: the format's own error says so, once.
      return Number.isNaN(year) || (year >= 1970 && year <= 9999);
    },
    { message: "A date-time between the years 1970 and 9999." },
  )
  .optional();
export const ZAutomationAnalyticsQuery = z.object({ from: ZRangeBound, to: ZRangeBound });

export const ZStepAnalytics = z
  .object({
    stepId: z.string(),
    type: z.enum(STEP_TYPES),
    entered: z.int(),
    waiting: z.int().meta({ description: "At this step now (not limited by the range)" }),
    completed: z.int(),
    emailsSent: z.int(),
    opens: z.int().meta({ description: "Recipients who opened (human and Apple MPP; machine opens excluded)" }),
    clicks: z.int().meta({ description: "Recipients who clicked" }),
    unsubscribes: z.int(),
    goalReached: z.int(),
  })
  .meta({ id: "AutomationStepAnalytics" });

export const ZAutomationAnalytics = z
  .object({
    automationId: ZUuid,
    from: ZTimestamp,
    to: ZTimestamp,
    entered: z.int(),
    completed: z.int(),
    exited: z.int(),
    converted: z.int(),
    conversionRate: z.number().meta({ description: "converted / entered in the range (0 when none entered)" }),
    steps: z.array(ZStepAnalytics),
  })
  .meta({ id: "AutomationAnalytics" });

export type Automation = z.infer<typeof ZAutomation>;
export type CreateAutomation = z.output<typeof ZCreateAutomation>;
export type UpdateAutomation = z.output<typeof ZUpdateAutomation>;
export type Enrolment = z.infer<typeof ZEnrolment>;
export type AutomationAnalytics = z.infer<typeof ZAutomationAnalytics>;
