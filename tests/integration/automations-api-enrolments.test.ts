// Enrolments and analytics of the automations API through the real route handlers: enrol by id or address (201,
// Location, the automation.enrolled event, Idempotency-Key replays), every 409 saying why, the cursor list and its
// filters, removing a contact (exit reason `removed`, the automation.exited event), and the analytics over a range.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { makeWorkspace } from "../support/fixtures";
import { seedContacts } from "../support/sending";
import {
  analytics,
  automation,
  createAutomation,
  enrol,
  getEnrolment,
  listEnrolments,
  move,
  pointers,
  readyToSend,
  removeEnrolment,
  simpleFlow,
} from "../support/automation-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let active: string;

const contactId = async (email: string) =>
  (await db().contact.findFirstOrThrow({ where: { workspaceId: ws.id, email } })).id;
const eventsOf = (type: string) =>
  sql<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM "Event" WHERE "workspaceId" = $1 AND type = $2 ORDER BY seq`,
    [ws.id, type],
  );

async function activeAutomation(body: Record<string, unknown> = {}) {
  const made = await createAutomation(ws.writeKey, { name: "Flow", trigger: { type: "api" }, ...simpleFlow, ...body });
  const id = made.body.data.id as string;
  expect((await move("activate", ws.writeKey, id)).status).toBe(200);
  return id;
}

beforeAll(async () => {
  ws = await makeWorkspace();
  await readyToSend(ws.id);
  await seedContacts(ws.id, [
    { email: "ada@example.com", firstName: "Ada" },
    { email: "grace@example.com" },
    { email: "alan@example.com" },
    { email: "unsub@example.com", status: "unsubscribed" },
    { email: "pending@example.com", status: "pending" },
  ]);
  active = await activeAutomation({ name: "Onboarding" });
});

describe("POST /api/v1/automations/{id}/enrolments", () => {
  it("enrols a contact by id at the first step: 201, Location, and an automation.enrolled event", async () => {
    const id = await contactId("ada@example.com");
    const res = await enrol(ws.writeKey, active, { contactId: id });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      automationId: active,
      contactId: id,
      email: "ada@example.com",
      status: "active",
      stepId: "hello",
      dueAt: expect.any(String),
      converted: false,
      exitReason: null,
      version: 1,
      enteredAt: expect.any(String),
      finishedAt: null,
    });
    expect(res.headers.get("location")).toBe(
      `http://sendwell.test/api/v1/automations/${active}/enrolments/${res.body.data.id}`,
    );
    const read = await getEnrolment(ws.readKey, active, res.body.data.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const events = await eventsOf("automation.enrolled");
    expect(events.map((e) => e.payload)).toContainEqual({
      automationId: active,
      automationName: "Onboarding",
      runId: res.body.data.id,
      contactId: id,
      email: "ada@example.com",
      stepId: "hello",
    });
  });

  it("finds the contact by address, whatever its case", async () => {
    const res = await enrol(ws.writeKey, active, { email: "GRACE@example.com" });
    expect(res.status).toBe(201);
    expect(res.body.data.email).toBe("grace@example.com");
  });

  it("answers 409 saying why: inside already, re-entry rule, not subscribed", async () => {
    const inside = await enrol(ws.writeKey, active, { email: "ada@example.com" });
    expect(inside.status).toBe(409);
    expect(inside.body.detail).toMatch(/in this automation already/);
    for (const [email, status] of [
      ["unsub@example.com", "unsubscribed"],
      ["pending@example.com", "pending"],
    ]) {
      const res = await enrol(ws.writeKey, active, { email });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain(`status is \`${status}\``);
      expect(res.body.detail).toMatch(/only to subscribed contacts/);
    }
    // Taken out, Ada may not come back: the re-entry rule is "once".
    const run = (await listEnrolments(ws.readKey, active, `contactId=${await contactId("ada@example.com")}`)).body
      .data[0];
    await removeEnrolment(ws.writeKey, active, run.id);
    const back = await enrol(ws.writeKey, active, { email: "ada@example.com" });
    expect(back.status).toBe(409);
    expect(back.body.detail).toMatch(/entered this automation before .*enter only once/);
    expect(await db().automationRun.count({ where: { automationId: active, contactId: run.contactId } })).toBe(1);
  });

  it("answers 409 for a draft, paused or archived automation, and 404 for an unknown contact", async () => {
    const draft = (await createAutomation(ws.writeKey, { name: "Draft", trigger: { type: "api" } })).body.data.id;
    const paused = await activeAutomation();
    await move("pause", ws.writeKey, paused);
    const archived = await activeAutomation();
    await move("archive", ws.writeKey, archived);
    for (const [id, status] of [
      [draft, "draft"],
      [paused, "paused"],
      [archived, "archived"],
    ]) {
      const res = await enrol(ws.writeKey, id!, { email: "alan@example.com" });
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain(`status is \`${status}\`: only an active automation takes contacts`);
    }
    expect((await enrol(ws.writeKey, active, { email: "nobody@example.com" })).status).toBe(404);
    expect((await enrol(ws.writeKey, active, { contactId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("needs exactly one of contactId and email (422)", async () => {
    const id = await contactId("alan@example.com");
    for (const body of [{}, { contactId: id, email: "alan@example.com" }, { email: "not an address" }]) {
      const res = await enrol(ws.writeKey, active, body);
      expect(res.status).toBe(422);
    }
  });

  it("replays an enrolment retried with the same Idempotency-Key instead of answering 409", async () => {
    const a = await activeAutomation({ reentry: { mode: "always" } });
    const headers = { "Idempotency-Key": "enrol-alan-1" };
    const first = await enrol(ws.writeKey, a, { email: "alan@example.com" }, headers);
    expect(first.status).toBe(201);
    const replay = await enrol(ws.writeKey, a, { email: "alan@example.com" }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(await db().automationRun.count({ where: { automationId: a } })).toBe(1);
  });
});

describe("GET /api/v1/automations/{id}/enrolments", () => {
  it("lists newest first in cursor pages, filtered by status, step and contact", async () => {
    const a = await activeAutomation();
    const ids: string[] = [];
    for (const email of ["ada@example.com", "grace@example.com", "alan@example.com"]) {
      ids.push((await enrol(ws.writeKey, a, { email })).body.data.id);
    }
    await removeEnrolment(ws.writeKey, a, ids[1]!);
    const first = await listEnrolments(ws.readKey, a, "limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await listEnrolments(ws.readKey, a, `limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    const exited = await listEnrolments(ws.readKey, a, "status=exited");
    expect(exited.body.data).toEqual([expect.objectContaining({ id: ids[1], exitReason: "removed" })]);
    expect((await listEnrolments(ws.readKey, a, "stepId=hello")).body.data).toHaveLength(2);
    // A cursor of another automation's list is not this one's.
    const other = await listEnrolments(ws.readKey, active, `cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(other.status).toBe(422);
    expect(pointers(other.body)).toEqual(["#/query/cursor"]);
    expect((await listEnrolments(ws.readKey, a, "page=2")).status).toBe(422);
  });
});

describe("DELETE /api/v1/automations/{id}/enrolments/{runId}", () => {
  it("takes the contact out now, with an automation.exited event; a finished enrolment is answered unchanged", async () => {
    const a = await activeAutomation();
    const run = (await enrol(ws.writeKey, a, { email: "alan@example.com" })).body.data;
    const res = await removeEnrolment(ws.writeKey, a, run.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: run.id, status: "exited", exitReason: "removed", stepId: null });
    expect(res.body.data.finishedAt).toEqual(expect.any(String));
    const exited = (await eventsOf("automation.exited")).map((e) => e.payload);
    expect(exited).toContainEqual(expect.objectContaining({ runId: run.id, reason: "removed", stepId: "hello" }));
    const again = await removeEnrolment(ws.writeKey, a, run.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(res.body.data);
  });

  it("answers 404 for a run of another automation, an unknown run and a run id that is no number", async () => {
    const a = await activeAutomation();
    const run = (await enrol(ws.writeKey, a, { email: "grace@example.com" })).body.data;
    for (const runId of ["999999999", "abc", "-1", "99999999999999999999", "00000000-0000-4000-8000-000000000000"]) {
      expect((await removeEnrolment(ws.writeKey, a, runId)).status, runId).toBe(404);
      expect((await getEnrolment(ws.readKey, a, runId)).status, runId).toBe(404);
    }
    expect((await getEnrolment(ws.readKey, active, run.id)).status).toBe(404);
    expect((await removeEnrolment(ws.writeKey, active, run.id)).status).toBe(404);
    expect((await listEnrolments(ws.readKey, a, "status=active")).body.data).toHaveLength(1);
  });
});

describe("GET /api/v1/automations/{id}/analytics", () => {
  it("counts entries, exits, waits and emails per step over the range (default: the last 30 days)", async () => {
    const a = await activeAutomation();
    const run = (await enrol(ws.writeKey, a, { email: "ada@example.com" })).body.data;
    await enrol(ws.writeKey, a, { email: "grace@example.com" });
    await removeEnrolment(ws.writeKey, a, run.id);
    const res = await analytics(ws.readKey, a);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ automationId: a, entered: 2, completed: 0, exited: 1, converted: 0 });
    expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(30 * 86_400_000);
    expect(res.body.steps).toEqual([
      expect.objectContaining({ stepId: "hello", type: "email", entered: 2, waiting: 1, completed: 0, emailsSent: 0 }),
      expect.objectContaining({ stepId: "end", type: "exit", entered: 0, waiting: 0 }),
    ]);
    const past = await analytics(ws.readKey, a, "from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z");
    expect(past.body).toMatchObject({ entered: 0, exited: 0, from: "2020-01-01T00:00:00.000Z" });
    expect(past.body.steps[0]).toMatchObject({ entered: 0, waiting: 1 });
  });

  it("refuses a range that ends before it starts, or is not a date-time (422)", async () => {
    const reversed = await analytics(ws.readKey, active, "from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z");
    expect(reversed.status).toBe(422);
    expect(pointers(reversed.body)).toEqual(["#/query/to"]);
    const bad = await analytics(ws.readKey, active, "from=yesterday");
    expect(bad.status).toBe(422);
    expect(pointers(bad.body)).toEqual(["#/query/from"]);
    expect((await automation("GET", ws.readKey, active)).status).toBe(200);
  });
});
