// The automations API through its real route handlers and the real database: create (from a trigger or a template),
// get, list, partial update (a draft saved as it is; an active one published as a new version), delete drafts, the
// state moves and their 409s, activation's checklist 422, duplicate. Enrolments and analytics:
// automations-api-enrolments.test.ts; bad input: automations-api-input.test.ts; keys and isolation:
// automations-api-auth.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { makeWorkspace } from "../support/fixtures";
import { seedContacts } from "../support/sending";
import {
  automation,
  createAutomation,
  emailStep,
  enrol,
  exitStep,
  listAutomations,
  move,
  pointers,
  readyToSend,
  simpleFlow,
} from "../support/automation-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  ws = await makeWorkspace();
});

const newDraft = async (body: Record<string, unknown> = {}) => {
  const res = await createAutomation(ws.writeKey, { name: "Draft", trigger: { type: "api" }, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; updatedAt: string; version: number; status: string };
};
const versionsOf = (id: string) =>
  sql<{ version: number; emailBroadcasts: Record<string, string> }>(
    `SELECT version, "emailBroadcasts" FROM "AutomationVersion" WHERE "automationId" = $1 ORDER BY version`,
    [id],
  );

describe("POST /api/v1/automations", () => {
  it("creates a draft from a name and a trigger, with every member of the record and its Location", async () => {
    const res = await createAutomation(ws.writeKey, { name: "Tagged", trigger: { type: "api" } });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.headers.get("location")).toBe(`http://sendwell.test/api/v1/automations/${id}`);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        workspaceId: ws.id,
        name: "Tagged",
        description: null,
        status: "draft",
        trigger: { type: "api" },
        entryFilter: null,
        reentry: { mode: "once" },
        startStepId: null,
        steps: [],
        fromName: null,
        fromEmail: null,
        replyTo: null,
        version: 0,
        counts: { inside: 0, entered: 0, completed: 0, exited: 0, converted: 0 },
        activatedAt: null,
        pausedAt: null,
        archivedAt: null,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    });
    const read = await automation("GET", ws.readKey, id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("starts from each template, members given beside it winning", async () => {
    const welcome = await createAutomation(ws.writeKey, { name: "Welcome", template: "welcome_series" });
    expect(welcome.status).toBe(201);
    expect(welcome.body.data).toMatchObject({ trigger: { type: "subscribed", formId: null }, startStepId: "welcome" });
    expect(welcome.body.data.steps.map((s: { type: string }) => s.type)).toEqual([
      "email",
      "delay",
      "condition",
      "exit",
      "email",
      "exit",
    ]);
    const again = await createAutomation(ws.writeKey, {
      name: "Re-engage by API",
      template: "re_engagement",
      reentry: { mode: "always" },
    });
    expect(again.body.data).toMatchObject({ trigger: { type: "api" }, reentry: { mode: "always" } });
  });

  it("puts the birthday template on the workspace's date field, and asks for one where there is none", async () => {
    const bare = await makeWorkspace();
    const refused = await createAutomation(bare.writeKey, { name: "Birthday", template: "birthday" });
    expect(refused.status).toBe(422);
    expect(pointers(refused.body)).toEqual(["#/template"]);
    await db().customField.create({ data: { workspaceId: bare.id, key: "born_on", label: "Born", type: "date" } });
    const made = await createAutomation(bare.writeKey, { name: "Birthday", template: "birthday" });
    expect(made.status).toBe(201);
    expect(made.body.data.trigger).toEqual({ type: "date_anniversary", field: "fields.born_on", time: "09:00" });
  });

  it("needs a trigger without a template (422 on #/trigger, nothing stored)", async () => {
    const before = await db().automation.count({ where: { workspaceId: ws.id } });
    const res = await createAutomation(ws.writeKey, { name: "No trigger" });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/trigger"]);
    expect(await db().automation.count({ where: { workspaceId: ws.id } })).toBe(before);
  });
});

describe("GET /api/v1/automations", () => {
  it("lists newest first with offset pages, filtered by status and a name search", async () => {
    const own = await makeWorkspace();
    for (const name of ["Alpha welcome", "Beta", "Gamma welcome"]) {
      await createAutomation(own.writeKey, { name, trigger: { type: "api" } });
    }
    const all = await listAutomations(own.readKey, "limit=2");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(all.body.data.map((a: { name: string }) => a.name)).toEqual(["Gamma welcome", "Beta"]);
    const page2 = await listAutomations(own.readKey, "limit=2&page=2");
    expect(page2.body.data.map((a: { name: string }) => a.name)).toEqual(["Alpha welcome"]);
    const search = await listAutomations(own.readKey, "search=WELCOME");
    expect(search.body.data.map((a: { name: string }) => a.name)).toEqual(["Gamma welcome", "Alpha welcome"]);
    expect((await listAutomations(own.readKey, "status=active")).body).toMatchObject({ data: [], total: 0 });
    const bad = await listAutomations(own.readKey, "status=running");
    expect(bad.status).toBe(422);
    expect(pointers(bad.body)).toEqual(["#/query/status"]);
  });
});

describe("PATCH /api/v1/automations/{id}", () => {
  it("saves a draft as it is, unfinished paths and empty emails included", async () => {
    const a = await newDraft();
    const res = await automation("PATCH", ws.writeKey, a.id, {
      name: "Renamed",
      startStepId: "first",
      steps: [emailStep("first", null, null)],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", startStepId: "first", version: 0, status: "draft" });
    expect(res.body.data.updatedAt > a.updatedAt).toBe(true);
    expect(await versionsOf(a.id)).toEqual([]);
  });

  it("refuses an empty body (422) and any edit of an archived automation (409)", async () => {
    const a = await newDraft();
    const empty = await automation("PATCH", ws.writeKey, a.id, {});
    expect(empty.status).toBe(422);
    await move("archive", ws.writeKey, a.id);
    const res = await automation("PATCH", ws.writeKey, a.id, { name: "Too late" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/archived/);
  });

  it("publishes an edit of an active automation as a new version, reusing unchanged emails' broadcasts", async () => {
    await readyToSend(ws.id);
    const a = await newDraft({
      ...simpleFlow,
      steps: [emailStep("hello", "bye"), emailStep("bye", "end"), exitStep("end")],
    });
    expect((await move("activate", ws.writeKey, a.id)).body.data.version).toBe(1);
    const res = await automation("PATCH", ws.writeKey, a.id, {
      steps: [emailStep("hello", "bye"), emailStep("bye", "end", "A better subject"), exitStep("end")],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "active", version: 2 });
    const [v1, v2] = await versionsOf(a.id);
    expect(v2!.emailBroadcasts.hello).toBe(v1!.emailBroadcasts.hello);
    expect(v2!.emailBroadcasts.bye).not.toBe(v1!.emailBroadcasts.bye);
    const hidden = await db().broadcast.findUniqueOrThrow({ where: { id: v2!.emailBroadcasts.bye! } });
    expect(hidden).toMatchObject({ subject: "A better subject", status: "sending", automationStepId: "bye" });
  });

  it("refuses to publish an unfinished edit of an active automation: 422 listing it, nothing stored", async () => {
    await readyToSend(ws.id);
    const a = await newDraft(simpleFlow);
    await move("activate", ws.writeKey, a.id);
    const res = await automation("PATCH", ws.writeKey, a.id, { steps: [emailStep("hello", null, "")] });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(["#/steps/0/email/subject", "#/steps/0/next"]);
    const still = await automation("GET", ws.readKey, a.id);
    expect(still.body.data).toMatchObject({ version: 1, steps: simpleFlow.steps });
    expect(await versionsOf(a.id)).toHaveLength(1);
  });
});

describe("activate, pause, archive, duplicate, delete", () => {
  it("refuses activation with every checklist problem, each with its pointer", async () => {
    const bare = await makeWorkspace();
    const made = await createAutomation(bare.writeKey, {
      name: "Not ready",
      trigger: { type: "api" },
      startStepId: "a",
      steps: [
        { ...emailStep("a", "b", "  "), email: { subject: "", blocks: [] } },
        {
          id: "b",
          type: "email",
          email: { subject: "Hi", blocks: [{ type: "button", text: "Go", href: "" }] },
          next: null,
        },
      ],
    });
    const id = made.body.data.id;
    const res = await move("activate", bare.writeKey, id);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual([
      "#/fromEmail",
      "#/steps/0/email/blocks",
      "#/steps/0/email/subject",
      "#/steps/1/email/blocks/0/href",
      "#/steps/1/next",
      "#/workspace/postalAddress",
    ]);
    expect((await automation("GET", bare.readKey, id)).body.data).toMatchObject({ status: "draft", version: 0 });
    expect(await versionsOf(id)).toEqual([]);
  });

  it("moves draft → active ⇄ paused → archived, each refused move a 409 naming the status", async () => {
    await readyToSend(ws.id);
    await seedContacts(ws.id, [{ email: "inside@example.com" }]);
    const a = await newDraft(simpleFlow);
    expect((await move("pause", ws.writeKey, a.id)).status).toBe(409);
    const active = await move("activate", ws.writeKey, a.id);
    expect(active.status).toBe(200);
    expect(active.body.data).toMatchObject({ status: "active", version: 1, activatedAt: expect.stringMatching(ISO) });
    const again = await move("activate", ws.writeKey, a.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/`active`.*already active/);
    expect((await enrol(ws.writeKey, a.id, { email: "inside@example.com" })).status).toBe(201);

    const paused = await move("pause", ws.writeKey, a.id);
    expect(paused.body.data).toMatchObject({ status: "paused", pausedAt: expect.stringMatching(ISO) });
    expect((await move("pause", ws.writeKey, a.id)).body.detail).toMatch(/already paused/);
    const resumed = await move("activate", ws.writeKey, a.id);
    expect(resumed.body.data).toMatchObject({ status: "active", version: 1, pausedAt: null });

    const archived = await move("archive", ws.writeKey, a.id);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ status: "archived", counts: { inside: 0, exited: 1 } });
    const [run] = await db().automationRun.findMany({ where: { automationId: a.id } });
    expect(run).toMatchObject({ status: "exited", exitReason: "archived", stepId: null });
    const twice = await move("archive", ws.writeKey, a.id);
    expect(twice.status).toBe(200);
    expect(twice.body.data.archivedAt).toBe(archived.body.data.archivedAt);
    for (const action of ["activate", "pause"] as const) {
      const res = await move(action, ws.writeKey, a.id);
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/`archived`/);
    }
  });

  it("duplicates into a new draft with the same definition and no history", async () => {
    await readyToSend(ws.id);
    const a = await newDraft({ ...simpleFlow, name: "Original", fromEmail: "me@example.com" });
    await move("activate", ws.writeKey, a.id);
    const res = await move("duplicate", ws.writeKey, a.id);
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`http://sendwell.test/api/v1/automations/${res.body.data.id}`);
    expect(res.body.data).toMatchObject({
      name: "Original (copy)",
      status: "draft",
      version: 0,
      fromEmail: "me@example.com",
      steps: simpleFlow.steps,
      activatedAt: null,
    });
    expect((await automation("GET", ws.readKey, a.id)).body.data.status).toBe("active");
  });

  it("deletes drafts only: 204 then 404; an automation that ran is a 409 saying to archive it", async () => {
    await readyToSend(ws.id);
    const draft = await newDraft();
    const del = await automation("DELETE", ws.writeKey, draft.id);
    expect(del.status).toBe(204);
    expect((await automation("GET", ws.readKey, draft.id)).status).toBe(404);
    expect((await automation("DELETE", ws.writeKey, draft.id)).status).toBe(404);
    const ran = await newDraft(simpleFlow);
    await move("activate", ws.writeKey, ran.id);
    const refused = await automation("DELETE", ws.writeKey, ran.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/archive it instead/);
  });
});
