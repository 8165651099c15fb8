import { describe, expect, it } from "vitest";
import type { Step } from "@/lib/schemas/automations";
import {
  exitReasonText,
  flowOrder,
  NO_NAMES,
  outcomeText,
  referencedIds,
  stepText,
  triggerText,
  type AutomationNames,
} from "./describe";

const TAG = "11111111-1111-4111-8111-111111111111";
const FORM = "22222222-2222-4222-8222-222222222222";
const names: AutomationNames = {
  ...NO_NAMES,
  tags: { [TAG]: "VIP" },
  forms: { [FORM]: "Newsletter" },
  fields: { birthday: "Birthday" },
};

const email = (id: string, next: string | null, subject = "Hi"): Step => ({
  id,
  type: "email",
  email: { subject, blocks: [] },
  next,
});
const exit = (id: string): Step => ({ id, type: "exit" });

describe("triggerText", () => {
  it("names the tag, form, segment and field", () => {
    expect(triggerText({ type: "tag_added", tagId: TAG }, names)).toBe("Tag “VIP” is added");
    expect(triggerText({ type: "subscribed", formId: FORM }, names)).toBe("Subscribes through “Newsletter”");
    expect(triggerText({ type: "subscribed" }, names)).toBe("Subscribes (any source)");
    expect(triggerText({ type: "date_anniversary", field: "fields.birthday", time: "09:00" }, names)).toBe(
      "Anniversary of Birthday, at 09:00",
    );
    expect(triggerText({ type: "api" }, names)).toBe("Added by hand or through the API");
  });

  it("says a referenced record is gone instead of printing its id", () => {
    expect(triggerText({ type: "segment_entered", segmentId: TAG }, NO_NAMES)).toBe("Enters segment (deleted)");
  });
});

describe("stepText", () => {
  it("describes each kind of step, its own name first", () => {
    expect(stepText({ ...email("a", null), name: "Welcome" }, names)).toBe("Welcome");
    expect(stepText(email("a", null, ""), names)).toBe("Email (no subject yet)");
    expect(
      stepText({ id: "d", type: "delay", delay: { mode: "duration", amount: 1, unit: "days" }, next: null }, names),
    ).toBe("Wait 1 day");
    expect(
      stepText(
        { id: "d", type: "delay", delay: { mode: "until_time", time: "09:00", weekdays: [5, 1, 2, 3, 4] }, next: null },
        names,
      ),
    ).toBe("Wait until 09:00 on weekdays");
    expect(
      stepText(
        {
          id: "w",
          type: "wait_for",
          event: { type: "tag_added", tagId: TAG },
          timeout: { amount: 3, unit: "days" },
          yes: null,
          timedOut: null,
        },
        names,
      ),
    ).toBe("Wait for tag “VIP” (up to 3 days)");
    expect(stepText({ id: "t", type: "action", action: { type: "add_tag", tagId: TAG }, next: null }, names)).toBe(
      "Add tag “VIP”",
    );
    expect(
      stepText(
        {
          id: "s",
          type: "split",
          branches: [
            { percent: 30, next: null },
            { percent: 70, next: null },
          ],
        },
        names,
      ),
    ).toBe("Random split 30 / 70");
  });
});

describe("flowOrder", () => {
  it("walks the main path, then each branch in full, yes before no", () => {
    const steps: Step[] = [
      exit("end-no"),
      {
        id: "cond",
        type: "condition",
        rules: { match: "all", conditions: [{ type: "step_email", action: "clicked", stepId: "first" }] },
        yes: "end-yes",
        no: "second",
      },
      email("first", "cond"),
      email("second", "end-no"),
      exit("end-yes"),
    ];
    expect(flowOrder("first", steps).map((r) => [r.step.id, r.depth, r.branch])).toEqual([
      ["first", 0, null],
      ["cond", 0, null],
      ["end-yes", 1, "Yes"],
      ["second", 1, "No"],
      ["end-no", 1, null],
    ]);
  });

  it("lists loose steps last and survives a loop and a dangling pointer in a draft", () => {
    const steps: Step[] = [email("a", "b"), email("b", "a"), email("loose", "nowhere")];
    expect(flowOrder("a", steps).map((r) => r.step.id)).toEqual(["a", "b", "loose"]);
    expect(flowOrder(null, steps).map((r) => r.step.id)).toEqual(["a", "b", "loose"]);
  });
});

describe("run words", () => {
  it("says why a run ended and what a step's outcome was", () => {
    expect(exitReasonText("removed")).toBe("Removed by hand");
    expect(exitReasonText("some_new_reason")).toBe("some new reason");
    expect(outcomeText("exited:unsubscribed")).toBe("Left: unsubscribed");
    expect(outcomeText("branch:1")).toBe("Branch B");
    expect(outcomeText(null)).toBe("Here now");
  });
});

describe("referencedIds", () => {
  it("collects what the trigger and the steps name, once each", () => {
    const ids = referencedIds([
      {
        trigger: { type: "tag_added", tagId: TAG },
        steps: [
          { id: "t", type: "action", action: { type: "remove_tag", tagId: TAG }, next: "f" },
          { id: "f", type: "action", action: { type: "set_field", field: "plan", value: "pro" }, next: null },
          {
            id: "d",
            type: "delay",
            delay: { mode: "until_date", field: "fields.renewal", offsetDays: -3, time: "09:00" },
            next: null,
          },
        ],
      },
    ]);
    expect(ids).toEqual({ tags: [TAG], segments: [], forms: [], fields: ["plan", "renewal"], automations: [] });
  });
});
