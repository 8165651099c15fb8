// The automations resource (app/api/v1/automations): its tag, its answers' schemas with their examples and the rules
// several operations share, for the operations beside this file. Automation records and enrolments are wrapped in
// `{ data }`, the list in the offset page, the enrolments in the cursor page; the analytics are unwrapped like the
// other analytics.
import { z } from "zod";
import { cursorPage, offsetPage } from "@/lib/schemas/common";
import {
  ZAutomation,
  ZCreateAutomation,
  ZEnrolContact,
  ZEnrolment,
  type Automation,
  type Enrolment,
} from "@/lib/schemas/automations";

export const tag = "Automations";

export const automationsTag = {
  name: tag,
  description: [
    "Automations send emails and take actions on their own: a trigger (a contact subscribes, a tag is added, a",
    "contact enters a segment, a date field's anniversary, or an API call) lets contacts in, an optional entry",
    "filter narrows who, a re-entry rule says how often, and a tree of steps (email, delay, condition, wait for an",
    "event, action, random split, goal, exit) leads each contact along. Status moves `draft → active ⇄ paused →",
    "archived` (a draft may be archived too; archived is final; only drafts are deleted). `activate` publishes the",
    "definition as version 1; editing an active or paused automation publishes a new version at once: contacts",
    "inside continue by step id, and those on a step the edit removed leave the automation, counted as exited",
    "(`step_removed`). Each contact is in an automation at most once at a time; every step's effect happens once.",
    "Every state move the rules do not allow is a 409 whose detail names the current status.",
  ].join(" "),
};

const WELCOME_ID = "3f1c2b7a-9d4e-4c2a-8b1f-6e5d4c3b2a19";
const WORKSPACE_ID = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

/** An active welcome series. Typed, so the example cannot drift from the schema. */
const welcome: Automation = {
  id: WELCOME_ID,
  workspaceId: WORKSPACE_ID,
  name: "Welcome series",
  description: "Greets new subscribers, then nudges those who did not click.",
  status: "active",
  trigger: { type: "subscribed", formId: "8d0b3c1e-2f4a-4b6c-9d8e-7f6a5b4c3d2e" },
  entryFilter: null,
  reentry: { mode: "once" },
  startStepId: "welcome",
  steps: [
    {
      id: "welcome",
      name: "Welcome email",
      type: "email",
      email: {
        subject: "Welcome aboard, {{firstName|friend}}",
        previewText: "Here is what comes next.",
        blocks: [
          { type: "heading", text: "Welcome!", level: 1, align: "left" },
          { type: "button", text: "Read the starter guide", href: "https://example.com/start", align: "left" },
        ],
      },
      next: "wait",
    },
    {
      id: "wait",
      name: "Wait 2 days",
      type: "delay",
      delay: { mode: "duration", amount: 2, unit: "days" },
      next: "clicked",
    },
    {
      id: "clicked",
      name: "Clicked?",
      type: "condition",
      rules: { match: "all", conditions: [{ type: "step_email", action: "clicked", stepId: "welcome" }] },
      yes: "done",
      no: "nudge",
    },
    { id: "done", name: null, type: "exit" },
    {
      id: "nudge",
      name: "Second email",
      type: "email",
      email: {
        subject: "Did you find your way around?",
        blocks: [{ type: "text", text: "A quick hello from us.", align: "left" }],
      },
      next: "end",
    },
    { id: "end", name: null, type: "exit" },
  ],
  fromName: null,
  fromEmail: null,
  replyTo: null,
  version: 3,
  counts: { inside: 41, entered: 1284, completed: 1190, exited: 53, converted: 0 },
  activatedAt: "2026-11-02T09:00:00.000Z",
  pausedAt: null,
  archivedAt: null,
  createdAt: "2026-11-01T16:20:00.000Z",
  updatedAt: "2026-11-20T10:12:45.120Z",
};

const enrolment: Enrolment = {
  id: "4711",
  automationId: WELCOME_ID,
  contactId: "0f1e2d3c-4b5a-4697-8877-665544332211",
  email: "ada@example.com",
  status: "active",
  stepId: "wait",
  dueAt: "2026-11-24T10:04:11.512Z",
  converted: false,
  exitReason: null,
  version: 3,
  enteredAt: "2026-11-22T10:04:11.512Z",
  finishedAt: null,
};

export const ZAutomationEnvelope = z.object({ data: ZAutomation }).meta({
  id: "AutomationEnvelope",
  example: { data: welcome },
});
export const ZAutomationPage = offsetPage(ZAutomation).meta({
  id: "AutomationPage",
  example: { data: [welcome], total: 1, page: 1, limit: 20, totalPages: 1 },
});
export const ZEnrolmentEnvelope = z.object({ data: ZEnrolment }).meta({
  id: "AutomationEnrolmentEnvelope",
  example: { data: enrolment },
});
export const ZEnrolmentPage = cursorPage(ZEnrolment).meta({
  id: "AutomationEnrolmentPage",
  example: { data: [enrolment], nextCursor: null },
});

// Bodies whose rule across members the contract's zod schemas check in code: stated again in JSON Schema, so a
// client generated from the document builds only bodies the server takes.
/** `trigger` is required unless `template` gives one (both together: the given trigger wins). */
export const ZCreateAutomationBody = ZCreateAutomation.meta({
  id: "CreateAutomation",
  anyOf: [{ required: ["trigger"] }, { required: ["template"] }],
});
/** Exactly one of `contactId` and `email`. */
export const ZEnrolContactBody = ZEnrolContact.meta({
  id: "EnrolContact",
  oneOf: [{ required: ["contactId"] }, { required: ["email"] }],
});

export const DEFINITION =
  "The definition is checked whole, and nothing is stored when anything is wrong (422, each problem with a JSON " +
  "pointer such as `#/steps/3/next`): step ids unique and 1–40 characters, every pointer (`next`, `yes`/`no`, " +
  "`timedOut`, `branches[].next`, `startStepId`) naming a step, every step reached exactly once from the first (no " +
  "loops, no merges, no orphans), at most 200 steps, a `step_email` condition or a `clicked` wait naming an email " +
  "step above it; every tag, segment, form, broadcast, custom field and automation named anywhere (trigger, " +
  "`entryFilter`, conditions, waits, actions, goals) this workspace's; a date trigger or `until_date` delay on a " +
  "custom field of type date; a `set_field` value fitting its field (stored as the contacts API stores it). A draft " +
  "may be unfinished (a `next` of null, an email without subject or content).";

export const CHECKLIST =
  "Activation (and every edit of an active or paused automation, which publishes at once) also needs what the " +
  "dashboard's checklist lists, all in one 422: no unfinished path (every path ends in an `exit` step: no pointer " +
  "left null), every email with a subject, content and a link on every button, a sender (`fromEmail`, " +
  "or the workspace's default sender) and the workspace's postal address when the automation sends email.";
