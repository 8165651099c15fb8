// The broadcasts page's and the composer's send panel's server actions, called as the browser calls them: through
// dashboardAction (session, workspace membership, input parsing, typed errors) into the real services and database.
// Only the cookie reader is replaced: outside a Next.js request there is no cookies() to read, so each test signs a
// real session (a Session row and its JWT) and hands its cookie to the action as the request would.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { scheduleBroadcast } from "@/server/services/broadcasts/schedule-broadcast";
import { createBroadcastAction } from "@/app/(dashboard)/broadcasts/actions";
import {
  checkSendAction,
  scheduleBroadcastAction,
  sendTestAction,
} from "@/features/broadcast-send/actions/send-actions";
import {
  deleteBroadcastAction,
  duplicateBroadcastAction,
  resendUnopenedAction,
} from "@/features/broadcast-send/actions/broadcast-menu-actions";
import { makeSentBroadcast } from "../support/broadcast-rows";
import { sampleBlocks, seedContacts } from "../support/sending";
import { sessionCookie } from "../support/session-cookie";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

type Result<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: { pointer: string; detail: string }[] };

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Refused: ${result.error} ${JSON.stringify(result.fieldErrors ?? [])}`);
  return result.data;
}
function refused<T>(result: Result<T>) {
  if (result.ok) throw new Error(`Accepted: ${JSON.stringify(result.data)}`);
  return {
    error: result.error,
    pointers: (result.fieldErrors ?? []).map((e) => e.pointer),
    fieldErrors: result.fieldErrors,
  };
}

let workspaceId: string;
let otherWorkspaceId: string;
let cookieHeader: string;

/** Signs in as a member of a fresh workspace with a postal address and two subscribed contacts. */
beforeAll(async () => {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@actions.test`, passwordHash: "not-used-sessions-are-signed-directly" },
    select: { id: true },
  });
  const workspace = await createWorkspace({ name: "Actions", ownerId: user.id });
  workspaceId = workspace.id;
  otherWorkspaceId = (await createWorkspace({ name: "Someone else's" })).id;
  await db().workspace.update({ where: { id: workspaceId }, data: { postalAddress: "1 Market Street, Springfield" } });
  await seedContacts(workspaceId, [{ email: "ada@readers.test" }, { email: "bob@readers.test" }]);
  cookieHeader = (await sessionCookie(user.id)).cookie;
});

beforeEach(() => {
  const [name, value] = cookieHeader.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
});

const readyDraft = async (extra: Record<string, unknown> = {}) =>
  ok(
    await createBroadcastAction({
      name: "November news",
      subject: "Hello {{firstName|there}}",
      fromName: "Olivia",
      fromEmail: "news@olivia.test",
      blocks: sampleBlocks as never,
      ...extra,
    }),
  );

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

describe("scheduleBroadcastAction", () => {
  it("schedules a ready draft at a fixed moment, and moves that moment while it is scheduled", async () => {
    const draft = await readyDraft();
    const at = inAnHour();
    const scheduled = ok(await scheduleBroadcastAction({ id: draft.id, schedule: { scheduledAt: at } }));
    expect(scheduled).toMatchObject({ id: draft.id, status: "scheduled", timezoneMode: "fixed", scheduledAt: at });

    const later = new Date(Date.now() + 2 * 3600_000).toISOString();
    const moved = ok(
      await scheduleBroadcastAction({ id: draft.id, schedule: { timezoneMode: "fixed", scheduledAt: later } }),
    );
    expect(moved).toMatchObject({ status: "scheduled", scheduledAt: later });
  });

  it("schedules in each contact's zone from the moment the day and time come first (UTC+14)", async () => {
    const draft = await readyDraft();
    const day = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    const scheduled = ok(
      await scheduleBroadcastAction({
        id: draft.id,
        schedule: { timezoneMode: "subscriber", localDate: day, localTime: "09:00" },
      }),
    );
    expect(scheduled).toMatchObject({ timezoneMode: "subscriber", localDate: day, localTime: "09:00" });
    // 09:00 at UTC+14 is 19:00 UTC the day before.
    const previous = new Date(`${day}T00:00:00Z`);
    previous.setUTCDate(previous.getUTCDate() - 1);
    expect(scheduled.scheduledAt).toBe(`${previous.toISOString().slice(0, 10)}T19:00:00.000Z`);
  });

  it("refuses a past moment with the service's sentence at the field it came from, and leaves the draft a draft", async () => {
    const draft = await readyDraft();
    const past = refused(
      await scheduleBroadcastAction({ id: draft.id, schedule: { scheduledAt: "2020-01-01T09:00:00Z" } }),
    );
    expect(past.error).toMatch(/^The schedule is not valid: Must be in the future/);
    expect(past.pointers).toEqual(["#/scheduledAt"]);

    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const local = refused(
      await scheduleBroadcastAction({
        id: draft.id,
        schedule: { timezoneMode: "subscriber", localDate: yesterday, localTime: "09:00" },
      }),
    );
    expect(local.pointers).toEqual(["#/localDate"]);
    expect(local.fieldErrors?.[0]?.detail).toMatch(/has already passed in the earliest time zone/);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("draft");
  });

  it("points at the schedule's own fields when the input is incomplete", async () => {
    const draft = await readyDraft();
    const missing = refused(await scheduleBroadcastAction({ id: draft.id, schedule: { timezoneMode: "subscriber" } }));
    expect(missing.pointers.sort()).toEqual(["#/schedule/localDate", "#/schedule/localTime"]);
  });

  it("lists every missing piece of an incomplete draft at once, as checkSendAction does", async () => {
    const empty = ok(await createBroadcastAction({ name: "Empty" }));
    const scheduled = refused(await scheduleBroadcastAction({ id: empty.id, schedule: { scheduledAt: inAnHour() } }));
    const checked = refused(await checkSendAction({ id: empty.id }));
    expect(scheduled.pointers).toEqual(checked.pointers);
    expect(checked.pointers).toEqual(expect.arrayContaining(["#/subject", "#/fromEmail", "#/blocks"]));
  });

  it("answers not found for another workspace's broadcast", async () => {
    const theirs = await db().broadcast.create({ data: { workspaceId: otherWorkspaceId, name: "Theirs" } });
    expect(refused(await scheduleBroadcastAction({ id: theirs.id, schedule: { scheduledAt: inAnHour() } })).error).toBe(
      "Broadcast not found.",
    );
  });
});

describe("sendTestAction", () => {
  it("queues the test for each address once, ignoring letter case, as the API does", async () => {
    const draft = await readyDraft();
    const sent = ok(
      await sendTestAction({ id: draft.id, test: { emails: ["Me@Olivia.test", "me@olivia.test", "co@olivia.test"] } }),
    );
    expect(sent.emails).toEqual(["Me@Olivia.test", "co@olivia.test"]);
  });
});

describe("checkSendAction", () => {
  it("counts the subscribed audience of a ready draft", async () => {
    const draft = await readyDraft();
    expect(ok(await checkSendAction({ id: draft.id }))).toEqual({ recipientCount: 2 });
  });
});

describe("duplicateBroadcastAction", () => {
  it("makes a draft copy of any broadcast, content, sender and audience included, and leaves the source as it was", async () => {
    const source = await readyDraft({ previewText: "Inside: news", replyTo: "reply@olivia.test" });
    const scheduled = ok(await scheduleBroadcastAction({ id: source.id, schedule: { scheduledAt: inAnHour() } }));
    const copy = ok(await duplicateBroadcastAction({ id: source.id }));
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: "November news (copy)",
      status: "draft",
      scheduledAt: null,
      subject: source.subject,
      previewText: "Inside: news",
      fromEmail: "news@olivia.test",
      replyTo: "reply@olivia.test",
      audienceType: "all",
      blocks: source.blocks,
    });
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: source.id } })).toMatchObject({
      status: "scheduled",
      scheduledAt: new Date(scheduled.scheduledAt!),
    });
  });

  it("answers not found for another workspace's broadcast, and copies nothing", async () => {
    const theirs = await db().broadcast.create({ data: { workspaceId: otherWorkspaceId, name: "Theirs" } });
    expect(refused(await duplicateBroadcastAction({ id: theirs.id })).error).toBe("Broadcast not found.");
    expect(await db().broadcast.count({ where: { name: "Theirs (copy)" } })).toBe(0);
  });
});

describe("resendUnopenedAction", () => {
  it("makes a draft for the sent broadcast's non-openers under the new subject", async () => {
    const sent = await makeSentBroadcast({ workspaceId, count: 2 });
    const draft = ok(await resendUnopenedAction({ id: sent.id, input: { subject: "In case you missed it" } }));
    expect(draft).toMatchObject({
      status: "draft",
      subject: "In case you missed it",
      name: "Tracked (resend to unopened)",
      resendOfId: sent.id,
    });
    // Its audience is the source's recipients who did not open: nobody opened, so both.
    await db().broadcast.update({ where: { id: draft.id }, data: { blocks: sampleBlocks } });
    expect(ok(await checkSendAction({ id: draft.id }))).toEqual({ recipientCount: 2 });
  });

  it("refuses a source that was not sent (409 naming its status) and an empty subject (at its field)", async () => {
    const draft = await readyDraft();
    expect(refused(await resendUnopenedAction({ id: draft.id, input: { subject: "Again" } })).error).toBe(
      "Cannot resend to non-openers of a broadcast whose status is `draft`: only a broadcast in `sent` can be.",
    );
    const sent = await makeSentBroadcast({ workspaceId, count: 1 });
    expect(refused(await resendUnopenedAction({ id: sent.id, input: { subject: "  " } })).pointers).toEqual([
      "#/input/subject",
    ]);
  });
});

describe("deleteBroadcastAction", () => {
  it("deletes a draft", async () => {
    const draft = await readyDraft();
    expect(ok(await deleteBroadcastAction({ id: draft.id }))).toEqual({ id: draft.id });
    expect(await db().broadcast.findUnique({ where: { id: draft.id } })).toBeNull();
  });

  it("keeps scheduled and sent broadcasts with the service's 409, and another workspace's is not found", async () => {
    const draft = await readyDraft();
    await scheduleBroadcast({
      workspaceId,
      broadcastId: draft.id,
      input: { timezoneMode: "fixed", scheduledAt: new Date(inAnHour()) },
    });
    expect(refused(await deleteBroadcastAction({ id: draft.id })).error).toBe(
      "Cannot delete a broadcast whose status is `scheduled`: only a broadcast in `draft` can be.",
    );
    const sent = await makeSentBroadcast({ workspaceId, count: 1 });
    expect(refused(await deleteBroadcastAction({ id: sent.id })).error).toMatch(/status is `sent`/);
    const theirs = await db().broadcast.create({ data: { workspaceId: otherWorkspaceId, name: "Theirs" } });
    expect(refused(await deleteBroadcastAction({ id: theirs.id })).error).toBe("Broadcast not found.");
    expect(await db().broadcast.count({ where: { id: { in: [draft.id, sent.id, theirs.id] } } })).toBe(3);
  });
});

describe("without a live session", () => {
  it("refuses every new action and changes nothing", async () => {
    const draft = await readyDraft();
    const before = await db().broadcast.count({ where: { workspaceId } });
    request.cookies = new Map();
    const answers = await Promise.all([
      scheduleBroadcastAction({ id: draft.id, schedule: { scheduledAt: inAnHour() } }),
      duplicateBroadcastAction({ id: draft.id }),
      resendUnopenedAction({ id: draft.id, input: { subject: "Again" } }),
      deleteBroadcastAction({ id: draft.id }),
    ]);
    for (const answer of answers) expect(refused(answer).error).toBe("Your session has ended. Sign in again.");
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "draft" });
    expect(await db().broadcast.count({ where: { workspaceId } })).toBe(before);
  });
});
