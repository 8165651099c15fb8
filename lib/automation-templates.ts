// The automations every workspace can start from (POST /automations with `template`, and the dashboard's "New from
// template"): complete definitions in the lib/schemas/automations.ts contract, with real copy written in blocks. Like
// the broadcast designs (lib/templates/built-in.ts), links point at neutral example.com placeholders the marketer
// replaces; a unit test checks each one passes findFlowErrors for activation and the activation checklist (all but
// the sender and the postal address, which are the workspace's).
import type { Block } from "@/lib/schemas/blocks";
import type { Reentry, Step, Trigger } from "@/lib/schemas/automations";

export const AUTOMATION_TEMPLATE_IDS = ["welcome_series", "re_engagement", "birthday"] as const;
export type AutomationTemplateId = (typeof AUTOMATION_TEMPLATE_IDS)[number];

export type AutomationTemplate = {
  id: AutomationTemplateId;
  name: string;
  description: string;
  trigger: Trigger;
  reentry: Reentry;
  startStepId: string;
  steps: Step[];
};

const text = (t: string): Block => ({ type: "text", text: t, align: "left" });
const heading = (t: string): Block => ({ type: "heading", text: t, level: 1, align: "left" });
const button = (label: string, href: string): Block => ({ type: "button", text: label, href, align: "left" });

const welcomeSeries: AutomationTemplate = {
  id: "welcome_series",
  name: "Welcome series",
  description:
    "Greets everyone who signs up (choose the form in the trigger), then two days later sends a second email to " +
    "those who did not click anything in the first.",
  trigger: { type: "subscribed", formId: null },
  reentry: { mode: "once" },
  startStepId: "welcome",
  steps: [
    {
      id: "welcome",
      name: "Welcome email",
      type: "email",
      email: {
        subject: "Welcome aboard, {{firstName|friend}}",
        previewText: "Thanks for subscribing. Here is what comes next.",
        theme: "minimal",
        blocks: [
          heading("Welcome, {{firstName|there}}!"),
          text(
            "Thank you for subscribing. We are glad you are here, and we will work hard to be worth a place in " +
              "your inbox.",
          ),
          text(
            "**What to expect**\n" +
              "• One email every two weeks, never more\n" +
              "• Practical tips you can use the same day\n" +
              "• Early access to new things before anyone else",
          ),
          text("The best place to begin is the short guide we wrote for new readers: five minutes, and you are set."),
          button("Read the starter guide", "https://example.com/start"),
          text("Questions? Just reply to this email, a real person reads every answer.\n\nSee you soon,\nThe team"),
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
      name: "Clicked the welcome email?",
      type: "condition",
      rules: { match: "all", conditions: [{ type: "step_email", action: "clicked", stepId: "welcome" }] },
      yes: "done",
      no: "nudge",
    },
    { id: "done", name: "Engaged: done", type: "exit" },
    {
      id: "nudge",
      name: "Second email",
      type: "email",
      email: {
        subject: "{{firstName|Hi}}, did you find your way around?",
        previewText: "Three things our readers like best, in two minutes.",
        theme: "minimal",
        blocks: [
          heading("A quick hello, {{firstName|there}}"),
          text(
            "A couple of days ago you joined us. Inboxes are busy, so here are the three things our readers tell " +
              "us they like best:",
          ),
          text(
            "**1. The starter guide**: everything you need on one page.\n" +
              "**2. The archive**: every past issue, searchable.\n" +
              "**3. Replies**: ask us anything, we answer within a day.",
          ),
          button("Open the starter guide", "https://example.com/start"),
          text("If now is not the right time, no worries: the next issue will be waiting for you.\n\nThe team"),
        ],
      },
      next: "end",
    },
    { id: "end", name: "End", type: "exit" },
  ],
};

const reEngagement: AutomationTemplate = {
  id: "re_engagement",
  name: "Re-engagement",
  description:
    "For contacts who went quiet: enrol them through the API, or switch the trigger to a segment of inactive " +
    "contacts. Sends a we-miss-you email and waits a week for a click; those who did not even open it get a last " +
    "call, and an automation.webhook event (label inactive) tells your systems so you can clean your list.",
  trigger: { type: "api" },
  reentry: { mode: "after_days", days: 90 },
  startStepId: "miss-you",
  steps: [
    {
      id: "miss-you",
      name: "We miss you",
      type: "email",
      email: {
        subject: "We miss you, {{firstName|friend}}",
        previewText: "Still interested? One click keeps you on the list.",
        theme: "minimal",
        blocks: [
          heading("It has been a while, {{firstName|there}}"),
          text(
            "We noticed you have not opened our emails lately. That is completely fine: inboxes change, and so do " +
              "interests.",
          ),
          text(
            "If you still want to hear from us, click the button below and we will keep you on the list. Here is " +
              "what you missed recently:\n" +
              "• Our most-read guide of the year\n" +
              "• A new feature many of you asked for\n" +
              "• A members-only discount, still valid this month",
          ),
          button("Yes, keep me subscribed", "https://example.com/welcome-back"),
          text("If we do not hear from you, we will stop writing in a couple of weeks. No hard feelings.\n\nThe team"),
        ],
      },
      next: "wait-click",
    },
    {
      id: "wait-click",
      name: "Clicked within 7 days?",
      type: "wait_for",
      event: { type: "clicked", stepId: "miss-you" },
      timeout: { amount: 7, unit: "days" },
      yes: "welcome-back",
      timedOut: "opened",
    },
    { id: "welcome-back", name: "Back: done", type: "exit" },
    {
      id: "opened",
      name: "Did not even open it?",
      type: "condition",
      rules: { match: "all", conditions: [{ type: "step_email", action: "not_opened", stepId: "miss-you" }] },
      yes: "last-call",
      no: "opened-end",
    },
    { id: "opened-end", name: "Opened: done", type: "exit" },
    {
      id: "last-call",
      name: "Last call",
      type: "email",
      email: {
        subject: "Should we say goodbye?",
        previewText: "This is the last email you get from us unless you click.",
        theme: "minimal",
        blocks: [
          heading("One last note"),
          text(
            "Hi {{firstName|there}}, we do not want to crowd your inbox. Unless you tell us otherwise, this is the " +
              "last email you will get from us.",
          ),
          button("Keep me on the list", "https://example.com/welcome-back"),
          text("Thank you for the time you spent reading us.\n\nThe team"),
        ],
      },
      next: "tag-inactive",
    },
    {
      id: "tag-inactive",
      name: "Tell your systems: inactive",
      type: "action",
      action: { type: "emit_webhook", label: "inactive" },
      next: "end",
    },
    { id: "end", name: "End", type: "exit" },
  ],
};

const birthday: AutomationTemplate = {
  id: "birthday",
  name: "Birthday email",
  description:
    "Wishes every contact a happy birthday on the day, at 9:00 in their own time zone. Choose the date field that " +
    "holds the birthday in the trigger.",
  trigger: { type: "date_anniversary", field: "fields.birthday", time: "09:00" },
  reentry: { mode: "always" },
  startStepId: "birthday",
  steps: [
    {
      id: "birthday",
      name: "Birthday email",
      type: "email",
      email: {
        subject: "Happy birthday, {{firstName|friend}}! 🎉",
        previewText: "A little something from us to celebrate your day.",
        theme: "default",
        blocks: [
          heading("Happy birthday, {{firstName|there}}!"),
          text(
            "Everyone here wishes you a wonderful day. Thank you for being part of our community: it would not be " +
              "the same without you.",
          ),
          text(
            "To celebrate, here is a small gift: **20 % off** anything in the shop, with the code **BIRTHDAY**, " +
              "valid for the next seven days.",
          ),
          button("Claim my gift", "https://example.com/birthday"),
          text("Have a great year ahead!\n\nThe team"),
        ],
      },
      next: "end",
    },
    { id: "end", name: "End", type: "exit" },
  ],
};

export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [welcomeSeries, reEngagement, birthday];

export function automationTemplate(id: AutomationTemplateId): AutomationTemplate {
  const template = AUTOMATION_TEMPLATES.find((t) => t.id === id);
  // The id is one of AUTOMATION_TEMPLATE_IDS (zod-checked), so a miss is a programming error.
  if (!template) throw new Error(`No automation template "${id}"`);
  return structuredClone(template);
}
