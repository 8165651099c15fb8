import { describe, expect, it } from "vitest";
import { exitReason, planIntake, subscribedFormId, triggerEntries, type IntakeActivity } from "./intake-map";

const WS = "11111111-1111-4111-8111-111111111111";
const FORM = "22222222-2222-4222-8222-222222222222";
const TAG = "33333333-3333-4333-8333-333333333333";
let n = 0;
const act = (contactId: string, type: string, more: Partial<IntakeActivity> = {}): IntakeActivity => ({
  id: `a${++n}`,
  workspaceId: WS,
  contactId,
  type,
  formId: null,
  data: {},
  siblingFormId: null,
  ...more,
});

describe("subscribedFormId", () => {
  it("reads the form of each way a form subscribes someone", () => {
    expect(subscribedFormId({ formId: null, siblingFormId: null, data: { via: "double_opt_in", formId: FORM } })).toBe(
      FORM,
    );
    expect(subscribedFormId({ formId: null, siblingFormId: null, data: { source: `form:${FORM}` } })).toBe(FORM);
    expect(subscribedFormId({ formId: null, siblingFormId: FORM, data: { from: "unsubscribed" } })).toBe(FORM);
    expect(subscribedFormId({ formId: null, siblingFormId: null, data: { source: "api" } })).toBeNull();
  });
});

describe("planIntake", () => {
  it("maps activity to triggers, wakes, exits and changed contacts", () => {
    const plan = planIntake([
      act("c1", "subscribed", { data: { source: `form:${FORM}` } }),
      act("c2", "tag.added", { data: { tagId: TAG } }),
      act("c2", "email.clicked", { data: { url: "https://x.test" } }),
      act("c3", "form.submitted", { formId: FORM }),
      act("c4", "unsubscribed", { data: { from: "subscribed" } }),
      act("c5", "email.bounced", { data: { bounceType: "soft" } }),
      act("c6", "email.bounced", { data: { bounceType: "hard" } }),
      act("c7", "email.complained"),
      act("c8", "contact.updated"),
      act("c9", "email.bounced", { data: { bounceType: "soft", rule: "soft_bounces", softBounces: 3 } }),
    ]);
    expect(plan.subscribed).toMatchObject([{ contactId: "c1", formId: FORM }]);
    expect(plan.tagAdded).toMatchObject([{ contactId: "c2", tagId: TAG }]);
    const wakes = plan.wakes.get(WS)!;
    expect([...wakes.keys()].sort()).toEqual([
      "clicked",
      "form_submitted",
      `form_submitted:${FORM}`,
      `tag_added:${TAG}`,
    ]);
    expect([...wakes.get("clicked")!]).toEqual(["c2"]);
    expect([...wakes.get(`form_submitted:${FORM}`)!]).toEqual(["c3"]);
    const exits = plan.exits.get(WS)!;
    expect(Object.fromEntries([...exits].map(([k, v]) => [k, [...v]]))).toEqual({
      unsubscribed: ["c4"],
      bounced: ["c6", "c9"],
      complained: ["c7"],
    });
    // Changes that can make rules match: subscribed, tags, clicks, forms; not unsubscribes, bounces or updates.
    expect([...plan.changed.get(WS)!.keys()].sort()).toEqual(["c1", "c2", "c3"]);
  });

  it("keys a contact's segment entry by their first change in the batch", () => {
    const first = act("c1", "tag.removed", { data: { tagId: TAG } });
    const plan = planIntake([first, act("c1", "field.changed", { data: { field: "fields.plan" } })]);
    expect(plan.changed.get(WS)!.get("c1")).toBe(first.id);
  });
});

describe("triggerEntries", () => {
  const rows = [
    act("c1", "subscribed", { data: { source: "api" } }),
    act("c2", "subscribed", { data: { via: "double_opt_in", formId: FORM } }),
    act("c2", "subscribed", { data: { from: "unsubscribed" }, siblingFormId: FORM }),
    act("c3", "tag.added", { data: { tagId: TAG } }),
    act("c4", "tag.added", { data: { tagId: "44444444-4444-4444-8444-444444444444" } }),
    act("c5", "subscribed", { workspaceId: "55555555-5555-4555-8555-555555555555" }),
  ];
  const plan = planIntake(rows);

  it("enters any source, or only the form's sign-ups, once per contact per batch", () => {
    expect(triggerEntries(plan, WS, { type: "subscribed" }).map((e) => e.contactId)).toEqual(["c1", "c2"]);
    const viaForm = triggerEntries(plan, WS, { type: "subscribed", formId: FORM });
    expect(viaForm).toMatchObject([{ contactId: "c2", activityId: rows[1]!.id }]);
  });

  it("enters on the named tag only; other triggers are not the intake's", () => {
    expect(triggerEntries(plan, WS, { type: "tag_added", tagId: TAG }).map((e) => e.contactId)).toEqual(["c3"]);
    expect(triggerEntries(plan, WS, { type: "api" })).toEqual([]);
    expect(triggerEntries(plan, WS, { type: "segment_entered", segmentId: TAG })).toEqual([]);
  });
});

describe("exitReason", () => {
  const row = (type: string, data: Record<string, unknown> = {}) => ({ type, data });
  it("ends runs on unsubscribes, complaints, hard bounces and a soft bounce that set off the soft-bounce rule", () => {
    expect(exitReason(row("unsubscribed"))).toBe("unsubscribed");
    expect(exitReason(row("email.complained", { rule: "complaint" }))).toBe("complained");
    expect(exitReason(row("email.bounced", { bounceType: "hard", rule: "hard_bounce" }))).toBe("bounced");
    expect(exitReason(row("email.bounced", { bounceType: "soft", rule: "soft_bounces" }))).toBe("bounced");
    expect(exitReason(row("email.bounced", { bounceType: "soft" }))).toBeNull();
    expect(exitReason(row("email.opened"))).toBeNull();
  });
});
