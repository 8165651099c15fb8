// Bad automation definitions through the API: every flow error (findFlowErrors), 10,000 steps, another workspace's
// tags, segments, forms, fields and automations named anywhere in a definition, a date trigger or delay on a field
// that is not a date, a set_field value of the wrong type. Each is a 422 pointing at the place, and nothing is stored
// (on create, and on the edit of a draft or of an active automation).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import type { Step } from "@/lib/schemas/automations";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import { createForm } from "@/server/services/forms/create-form";
import { makeWorkspace } from "../support/fixtures";
import {
  automation,
  createAutomation,
  emailStep,
  exitStep,
  move,
  pointers,
  readyToSend,
  simpleFlow,
} from "../support/automation-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
const own = { tag: "", segment: "", form: "", automation: "" };
const theirs = { tag: "", segment: "", form: "", automation: "" };

async function records(w: Ws, into: typeof own) {
  into.tag = (await createTag({ workspaceId: w.id, input: { name: "VIP" } })).id;
  into.segment = (
    await createSegment({
      workspaceId: w.id,
      input: {
        name: "All",
        rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "is_set" }] },
      },
    })
  ).id;
  into.form = (await createForm({ workspaceId: w.id, input: { name: "Sign-up" } })).id;
  into.automation = (await createAutomation(w.writeKey, { name: "Other", trigger: { type: "api" } })).body.data.id;
  await createCustomField({ workspaceId: w.id, input: { key: "birthday", label: "Birthday", type: "date" } });
  await createCustomField({ workspaceId: w.id, input: { key: "plan", label: "Plan", type: "text" } });
  await createCustomField({ workspaceId: w.id, input: { key: "score", label: "Score", type: "number" } });
}

beforeAll(async () => {
  ws = await makeWorkspace();
  other = await makeWorkspace();
  await records(ws, own);
  await records(other, theirs);
  // The other workspace has a field only it knows.
  await createCustomField({ workspaceId: other.id, input: { key: "secret", label: "Secret", type: "date" } });
});

const count = () => db().automation.count({ where: { workspaceId: ws.id } });
const at = (...steps: Step[]) => ({ startStepId: steps[0]!.id, steps });

/** Creating it is a 422 with exactly these pointers, and no automation is stored. */
async function refused(body: Record<string, unknown>, expected: string[]) {
  const before = await count();
  const res = await createAutomation(ws.writeKey, { name: "Bad", trigger: { type: "api" }, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(pointers(res.body)).toEqual([...expected].sort());
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(await count()).toBe(before);
  return res.body as { detail: string; errors: { pointer: string; detail: string }[] };
}

describe("the flow", () => {
  it("refuses a cycle, at the pointer that closes it", async () => {
    const body = await refused(at(emailStep("a", "b"), emailStep("b", "a")), ["#/steps/1/next"]);
    expect(body.errors[0]!.detail).toMatch(/loop/);
  });

  it("refuses a dangling pointer, a duplicate id, an unreachable step, a missing start", async () => {
    await refused(at(emailStep("a", "nowhere")), ["#/steps/0/next"]);
    await refused(at(emailStep("a", null), emailStep("a", null)), ["#/steps/1/id"]);
    await refused(at(emailStep("a", null), exitStep("orphan")), ["#/steps/1"]);
    await refused({ startStepId: "ghost", steps: [exitStep("x")] }, ["#/startStepId"]);
    await refused({ steps: [exitStep("x")] }, ["#/startStepId"]);
  });

  it("refuses two ways into one step (a merge)", async () => {
    const cond: Step = {
      id: "c",
      type: "condition",
      rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "is_set" }] },
      yes: "end",
      no: "end",
    };
    await refused(at(cond, exitStep("end")), ["#/steps/0/no"]);
  });

  it("refuses a step_email condition or a clicked wait naming no email above it on its path", async () => {
    const cond = (stepId: string): Step => ({
      id: "c",
      type: "condition",
      rules: { match: "all", conditions: [{ type: "step_email", action: "opened", stepId }] },
      yes: "e",
      no: null,
    });
    await refused(at(cond("e"), emailStep("e", null)), ["#/steps/0/rules/conditions/0/stepId"]);
    await refused(at(cond("c"), emailStep("e", null)), ["#/steps/0/rules/conditions/0/stepId"]);
    const wait: Step = {
      id: "w",
      type: "wait_for",
      event: { type: "clicked", stepId: "later" },
      timeout: { amount: 1, unit: "days" },
      yes: "later",
      timedOut: null,
    };
    await refused(at(wait, emailStep("later", null)), ["#/steps/0/event/stepId"]);
  });

  it("refuses 10,000 steps at #/steps, quickly, storing nothing", async () => {
    const steps = Array.from({ length: 10_000 }, (_, i) => exitStep(`s${i}`));
    const started = performance.now();
    const body = await refused({ startStepId: "s0", steps }, ["#/steps"]);
    expect(body.errors[0]!.detail).toMatch(/at most 200 steps/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("references", () => {
  it("refuses another workspace's records named anywhere in the definition, each at its place", async () => {
    const steps: Step[] = [
      { id: "tag", type: "action", action: { type: "add_tag", tagId: theirs.tag }, next: "untag" },
      { id: "untag", type: "action", action: { type: "remove_tag", tagId: own.tag }, next: "start" },
      {
        id: "start",
        type: "action",
        action: { type: "start_automation", automationId: theirs.automation },
        next: "wait",
      },
      {
        id: "wait",
        type: "wait_for",
        event: { type: "tag_added", tagId: theirs.tag },
        timeout: { amount: 2, unit: "days" },
        yes: "form",
        timedOut: null,
      },
      {
        id: "form",
        type: "wait_for",
        event: { type: "form_submitted", formId: theirs.form },
        timeout: { amount: 2, unit: "days" },
        yes: "cond",
        timedOut: null,
      },
      {
        id: "cond",
        type: "condition",
        rules: {
          match: "any",
          conditions: [
            { type: "step_email", action: "opened", stepId: "nope" },
            { type: "tag", operator: "has", tagId: theirs.tag },
            {
              type: "group",
              match: "all",
              conditions: [{ type: "activity", action: "submitted_form", formId: theirs.form }],
            },
          ],
        },
        yes: "goal",
        no: null,
      },
      {
        id: "goal",
        type: "goal",
        rules: { match: "all", conditions: [{ type: "field", field: "fields.secret", operator: "is_set" }] },
        next: null,
      },
    ];
    const body = await refused(
      {
        trigger: { type: "tag_added", tagId: theirs.tag },
        entryFilter: { match: "all", conditions: [{ type: "tag", operator: "has_not", tagId: theirs.tag }] },
        startStepId: "tag",
        steps,
      },
      [
        "#/trigger/tagId",
        "#/entryFilter/conditions/0/tagId",
        "#/steps/0/action/tagId",
        "#/steps/2/action/automationId",
        "#/steps/3/event/tagId",
        "#/steps/4/event/formId",
        "#/steps/5/rules/conditions/0/stepId",
        "#/steps/5/rules/conditions/1/tagId",
        "#/steps/5/rules/conditions/2/conditions/0/formId",
        "#/steps/6/rules/conditions/0/field",
      ],
    );
    expect(body.errors.find((e) => e.pointer === "#/trigger/tagId")!.detail).toBe(
      "No tag with this id exists in this workspace.",
    );
  });

  it("refuses another workspace's segment and form as triggers, and an automation starting itself", async () => {
    await refused({ trigger: { type: "segment_entered", segmentId: theirs.segment } }, ["#/trigger/segmentId"]);
    await refused({ trigger: { type: "subscribed", formId: theirs.form } }, ["#/trigger/formId"]);
    const res = await createAutomation(ws.writeKey, {
      name: "Fine",
      trigger: { type: "segment_entered", segmentId: own.segment },
    });
    expect(res.status).toBe(201);
    const self = await automation("PATCH", ws.writeKey, res.body.data.id, {
      ...at({
        id: "again",
        type: "action",
        action: { type: "start_automation", automationId: res.body.data.id },
        next: null,
      }),
    });
    expect(self.status).toBe(422);
    expect(pointers(self.body)).toEqual(["#/steps/0/action/automationId"]);
    expect((await automation("GET", ws.readKey, res.body.data.id)).body.data.steps).toEqual([]);
  });

  it("needs a date field for a date trigger and an until_date delay", async () => {
    await refused({ trigger: { type: "date_anniversary", field: "fields.plan", time: "09:00" } }, ["#/trigger/field"]);
    await refused({ trigger: { type: "date_anniversary", field: "fields.secret", time: "09:00" } }, [
      "#/trigger/field",
    ]);
    const delay = (field: string): Step => ({
      id: "d",
      type: "delay",
      delay: { mode: "until_date", field, offsetDays: 0, time: "09:00" },
      next: null,
    });
    const body = await refused(at(delay("fields.score")), ["#/steps/0/delay/field"]);
    expect(body.errors[0]!.detail).toBe('"score" is a number field, not a date field.');
    const ok = await createAutomation(ws.writeKey, {
      name: "Birthday",
      trigger: { type: "date_anniversary", field: "fields.birthday", time: "08:30" },
      ...at(delay("fields.birthday")),
    });
    expect(ok.status).toBe(201);
  });

  it("checks set_field values against the field's type, and stores them as the contacts API does", async () => {
    const set = (field: string, value: string | number | boolean | null): Step => ({
      id: "set",
      type: "action",
      action: { type: "set_field", field, value },
      next: null,
    });
    await refused(at(set("score", "lots")), ["#/steps/0/action/value"]);
    await refused(at(set("birthday", "next tuesday")), ["#/steps/0/action/value"]);
    await refused(at(set("secret", "2020-01-01")), ["#/steps/0/action/field"]);
    const ok = await createAutomation(ws.writeKey, {
      name: "Set",
      trigger: { type: "api" },
      ...at(set("birthday", "1990-04-01T10:00:00Z")),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.steps[0].action.value).toBe("1990-04-01");
  });
});

describe("nothing half-applied", () => {
  it("keeps a draft as it was when an edit is refused", async () => {
    const made = await createAutomation(ws.writeKey, { name: "Keep", trigger: { type: "api" }, ...simpleFlow });
    const id = made.body.data.id;
    const res = await automation("PATCH", ws.writeKey, id, {
      name: "Changed",
      trigger: { type: "tag_added", tagId: theirs.tag },
    });
    expect(res.status).toBe(422);
    expect((await automation("GET", ws.readKey, id)).body.data).toEqual(made.body.data);
  });

  it("keeps an active automation's definition, version and broadcasts when an edit is refused", async () => {
    await readyToSend(ws.id);
    const made = await createAutomation(ws.writeKey, { name: "Live", trigger: { type: "api" }, ...simpleFlow });
    const id = made.body.data.id;
    await move("activate", ws.writeKey, id);
    const broadcasts = await db().broadcast.count({ where: { automationId: id } });
    const res = await automation("PATCH", ws.writeKey, id, {
      steps: [
        emailStep("hello", "end", "New subject"),
        { id: "end", type: "action", action: { type: "add_tag", tagId: theirs.tag }, next: null },
      ],
    });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/steps/1/action/tagId", "#/steps/1/next"]);
    const now = (await automation("GET", ws.readKey, id)).body.data;
    expect(now).toMatchObject({ version: 1, steps: simpleFlow.steps });
    expect(await db().broadcast.count({ where: { automationId: id } })).toBe(broadcasts);
    expect(await db().automationVersion.count({ where: { automationId: id } })).toBe(1);
  });
});
