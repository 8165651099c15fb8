// Bulk changes over contacts ("select all N matching"), on the real database through the real job handler: tag,
// untag, unsubscribe and delete everything matching a search, status, tag or segment filter; Tag.contactCount stays
// exact; events and timeline entries match the single-contact path (tag events name the tag); contacts created
// after the snapshot are left alone; a crash mid-way resumes from the cursor without counting anyone twice; other
// workspaces are never touched; a member may do it (area "audience"); "Add tag" may name a new tag, made with the change.
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { stopJobSender } from "@/server/jobs/enqueue";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { hashPassword } from "@/server/services/users/password";
import { startBulkAction } from "@/server/services/contacts/start-bulk-action";
import { runBulkAction } from "@/server/services/contacts/run-bulk-action";
import { getBulkAction, currentBulkAction } from "@/server/services/contacts/get-bulk-action";
import { countContacts } from "@/server/services/contacts/count-contacts";
import type { StartBulkAction } from "@/server/services/contacts/bulk-action-schema";
import { countContactsAction, startBulkContactsAction } from "@/app/(dashboard)/contacts/bulk-actions";
import { makeWorkspace } from "../support/fixtures";
import { manyContacts, seedContacts } from "../support/sending";
import { sessionCookie } from "../support/session-cookie";

const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => jar.cookies }));

afterAll(stopJobSender);

/** Starts an "all matching" change and runs its job here (a worker of another test file must not race it). */
async function startOnly(workspaceId: string, input: StartBulkAction) {
  const started = await startBulkAction({ workspaceId, input });
  await sql(`DELETE FROM pgboss.job WHERE name = 'bulk-contacts' AND data->>'bulkActionId' = $1`, [started.id]);
  return started;
}
async function bulk(workspaceId: string, input: StartBulkAction, chunkSize = 3) {
  const started = await startOnly(workspaceId, input);
  await runBulkAction(started.id, { chunkSize });
  return getBulkAction({ workspaceId, id: started.id });
}
const all = (filter: Record<string, string> = {}) => ({ kind: "filter" as const, filter });

const events = (workspaceId: string, type: string) =>
  sql<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM "Event" WHERE "workspaceId" = $1::uuid AND type = $2 ORDER BY seq`,
    [workspaceId, type],
  );
const activities = (workspaceId: string, type: string) => db().contactActivity.count({ where: { workspaceId, type } });
const tagCount = async (tagId: string) => (await db().tag.findUniqueOrThrow({ where: { id: tagId } })).contactCount;
const realTagCount = (tagId: string) => db().contactTag.count({ where: { tagId } });
const emailsWithTag = async (workspaceId: string, tagId: string) =>
  (await db().contact.findMany({ where: { workspaceId, tags: { some: { tagId } } }, select: { email: true } }))
    .map((c) => c.email)
    .sort();

describe("tag and untag all matching", () => {
  it("tags every contact matching a search, once, with exact counts, events naming the tag and timeline rows", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Spring promo" } });
    await seedContacts(ws.id, manyContacts("match", 7));
    await seedContacts(ws.id, manyContacts("other", 3));
    await seedContacts(ws.id, [{ email: "match-already@example.com" }], [tag.id]);
    expect(await countContacts({ workspaceId: ws.id, filter: { search: "match" } })).toEqual({
      total: 11,
      matching: 8,
    });

    const done = await bulk(ws.id, { action: "tag", tagId: tag.id, target: all({ search: "match" }) });
    expect(done).toMatchObject({ status: "completed", total: 8, processed: 8, changed: 7, tagName: "Spring promo" });
    expect(await tagCount(tag.id)).toBe(8);
    expect(await realTagCount(tag.id)).toBe(8);
    expect((await emailsWithTag(ws.id, tag.id)).every((e) => e.startsWith("match"))).toBe(true);
    const added = await events(ws.id, "contact.tag_added");
    // 1 from the seed (single path) + 7 from the bulk change, which carry the tag's name.
    expect(added).toHaveLength(8);
    expect(added.slice(1).map((e) => e.payload.tagName)).toEqual(Array(7).fill("Spring promo"));
    expect(added.at(-1)!.payload).toEqual({ contactId: expect.any(String), tagId: tag.id, tagName: "Spring promo" });
    expect(await activities(ws.id, "tag.added")).toBeGreaterThanOrEqual(7);
  });

  it("removes a tag from everyone filtered by that tag; the count falls to zero", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Old" } });
    await seedContacts(ws.id, manyContacts("t", 5), [tag.id]);
    await seedContacts(ws.id, manyContacts("u", 2));
    expect(await tagCount(tag.id)).toBe(5);
    const done = await bulk(ws.id, { action: "untag", tagId: tag.id, target: all({ tagId: tag.id }) }, 2);
    expect(done).toMatchObject({ status: "completed", processed: 5, changed: 5 });
    expect(await tagCount(tag.id)).toBe(0);
    expect(await realTagCount(tag.id)).toBe(0);
    const removed = await events(ws.id, "contact.tag_removed");
    expect(removed.map((e) => e.payload.tagName)).toEqual(Array(5).fill("Old"));
    expect(await activities(ws.id, "tag.removed")).toBe(5);
  });
});

describe("adding a new tag by name", () => {
  it("creates the tag with the change and tags every match; the tag's count is exact", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("fresh", 5));
    const done = await bulk(ws.id, { action: "tag", newTagName: "Autumn launch", target: all({ search: "fresh" }) });
    expect(done).toMatchObject({ status: "completed", total: 5, changed: 5, tagName: "Autumn launch" });
    const tags = await db().tag.findMany({ where: { workspaceId: ws.id } });
    expect(tags.map((t) => [t.name, t.nameKey, t.contactCount])).toEqual([["Autumn launch", "autumn launch", 5]]);
    expect(await emailsWithTag(ws.id, tags[0]!.id)).toHaveLength(5);
    expect(await events(ws.id, "contact.tag_added")).toHaveLength(5);
  });

  it("uses an existing tag of that name, ignoring case, instead of making a second one", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "VIP" } });
    await seedContacts(ws.id, manyContacts("v", 3));
    const done = await bulk(ws.id, { action: "tag", newTagName: "  vip ", target: all() });
    expect(done).toMatchObject({ status: "completed", changed: 3, tagName: "VIP" });
    expect(await db().tag.count({ where: { workspaceId: ws.id } })).toBe(1);
    expect(await tagCount(tag.id)).toBe(3);
  });

  it("leaves no empty tag behind when the change is refused", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("busy", 2));
    await startOnly(ws.id, { action: "unsubscribe", target: all() });
    await expect(startOnly(ws.id, { action: "tag", newTagName: "Never made", target: all() })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db().tag.count({ where: { workspaceId: ws.id } })).toBe(0);
  });
});

describe("unsubscribe and delete all matching", () => {
  it("unsubscribes subscribed and pending contacts of a status filter; never touches bounced or complained", async () => {
    const ws = await makeWorkspace();
    await seedContacts(ws.id, [
      ...manyContacts("s", 4),
      { email: "p@example.com", status: "pending" },
      { email: "b@example.com", status: "bounced" },
      { email: "c@example.com", status: "complained" },
      { email: "x@example.com", status: "unsubscribed" },
    ]);
    const bySearch = await bulk(ws.id, { action: "unsubscribe", target: all({ search: "@example.com" }) });
    expect(bySearch).toMatchObject({ status: "completed", processed: 8, changed: 5 });
    const statuses = await db().contact.findMany({
      where: { workspaceId: ws.id },
      select: { email: true, status: true },
    });
    const of = (email: string) => statuses.find((s) => s.email === email)!.status;
    expect([of("b@example.com"), of("c@example.com"), of("p@example.com"), of("s0@example.com")]).toEqual([
      "bounced",
      "complained",
      "unsubscribed",
      "unsubscribed",
    ]);
    const unsub = await events(ws.id, "contact.unsubscribed");
    expect(unsub).toHaveLength(5);
    expect(unsub[0]!.payload).toEqual({
      contactId: expect.any(String),
      email: expect.stringMatching(/@example\.com$/),
    });
    expect((await events(ws.id, "contact.updated")).at(-1)!.payload).toMatchObject({ changed: ["status"] });
    expect(await activities(ws.id, "unsubscribed")).toBe(5);

    // Filtering by status: nobody subscribed is left, so a second run changes nothing.
    const again = await bulk(ws.id, { action: "unsubscribe", target: all({ status: "subscribed" }) });
    expect(again).toMatchObject({ status: "completed", total: 0, processed: 0, changed: 0 });
  });

  it("deletes every member of a segment and nothing else, with contact.deleted events", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Seg" } });
    await seedContacts(ws.id, manyContacts("gone", 5), [tag.id]);
    await seedContacts(ws.id, manyContacts("stay", 3), [tag.id]);
    const segment = await createSegment({
      workspaceId: ws.id,
      input: {
        name: "Gone",
        rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "contains", value: "gone" }] },
      },
    });
    const done = await bulk(ws.id, { action: "delete", target: all({ segmentId: segment.id }) }, 2);
    expect(done).toMatchObject({ status: "completed", processed: 5, changed: 5 });
    expect(await emailsWithTag(ws.id, tag.id)).toEqual(["stay0@example.com", "stay1@example.com", "stay2@example.com"]);
    expect(await tagCount(tag.id)).toBe(3);
    expect(await events(ws.id, "contact.deleted")).toHaveLength(5);
  });
});

describe("snapshot, resume, isolation", () => {
  it("leaves contacts created after the snapshot alone", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Snap" } });
    await seedContacts(ws.id, manyContacts("early", 4));
    const started = await startOnly(ws.id, { action: "tag", tagId: tag.id, target: all({ search: "early" }) });
    await seedContacts(ws.id, manyContacts("early-late", 3));
    await runBulkAction(started.id, { chunkSize: 2 });
    expect(await getBulkAction({ workspaceId: ws.id, id: started.id })).toMatchObject({ total: 4, changed: 4 });
    expect(await emailsWithTag(ws.id, tag.id)).toEqual(manyContacts("early", 4).map((c) => c.email));
  });

  it("resumes after a crash from the cursor, changing and counting every contact exactly once", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Resume" } });
    await seedContacts(ws.id, manyContacts("r", 7));
    const started = await startOnly(ws.id, { action: "tag", tagId: tag.id, target: all() });
    const crash = new Error("worker died");
    await expect(
      runBulkAction(started.id, {
        chunkSize: 3,
        afterChunk: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const halfway = await getBulkAction({ workspaceId: ws.id, id: started.id });
    expect(halfway).toMatchObject({ status: "failed", processed: 3, changed: 3 });
    expect(halfway.error).toMatch(/resumes where it stopped/);
    expect(await currentBulkAction({ workspaceId: ws.id })).toBeNull();

    await runBulkAction(started.id, { chunkSize: 3 }); // the pg-boss retry
    expect(await getBulkAction({ workspaceId: ws.id, id: started.id })).toMatchObject({
      status: "completed",
      processed: 7,
      changed: 7,
      error: null,
    });
    expect(await tagCount(tag.id)).toBe(7);
    expect(await events(ws.id, "contact.tag_added")).toHaveLength(7);
    // A duplicate delivery of the finished job does nothing.
    await runBulkAction(started.id);
    expect(await events(ws.id, "contact.tag_added")).toHaveLength(7);
  });

  it("never touches another workspace's contacts, by filter or by ids", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    await seedContacts(ws.id, manyContacts("same", 3));
    await seedContacts(other.id, manyContacts("same", 3));
    const theirIds = (await db().contact.findMany({ where: { workspaceId: other.id }, select: { id: true } })).map(
      (c) => c.id,
    );
    const byFilter = await bulk(ws.id, { action: "unsubscribe", target: all({ search: "same" }) });
    expect(byFilter).toMatchObject({ processed: 3, changed: 3 });
    const byIds = await startBulkAction({
      workspaceId: ws.id,
      input: { action: "delete", target: { kind: "ids", ids: theirIds } },
    });
    expect(byIds).toMatchObject({ status: "completed", total: 0, changed: 0 });
    const theirs = await db().contact.findMany({ where: { workspaceId: other.id }, select: { status: true } });
    expect(theirs.map((c) => c.status)).toEqual(["subscribed", "subscribed", "subscribed"]);
  });

  it("refuses a second bulk change while one is queued, and fails plainly when the tag is deleted meanwhile", async () => {
    const ws = await makeWorkspace();
    const tag = await createTag({ workspaceId: ws.id, input: { name: "Gone soon" } });
    await seedContacts(ws.id, manyContacts("q", 2));
    const first = await startOnly(ws.id, { action: "tag", tagId: tag.id, target: all() });
    expect(await currentBulkAction({ workspaceId: ws.id })).toMatchObject({ id: first.id, status: "queued", total: 2 });
    await expect(startOnly(ws.id, { action: "delete", target: all() })).rejects.toMatchObject({ code: "CONFLICT" });
    await db().tag.delete({ where: { id: tag.id } });
    await runBulkAction(first.id);
    expect(await getBulkAction({ workspaceId: ws.id, id: first.id })).toMatchObject({
      status: "failed",
      error: "The tag was deleted before the change finished.",
    });
    expect(await db().contact.count({ where: { workspaceId: ws.id } })).toBe(2);
  });
});

describe("dashboard actions", () => {
  let memberCookies: Map<string, string>;
  let workspaceId: string;
  beforeEach(async () => {
    const ws = await makeWorkspace();
    workspaceId = ws.id;
    const user = await db().user.create({
      data: { email: `${randomUUID()}@bulk.test`, passwordHash: await hashPassword("correct horse battery") },
    });
    await db().membership.create({ data: { workspaceId, userId: user.id, role: "member" } });
    const { cookie } = await sessionCookie(user.id);
    memberCookies = new Map([[cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)]]);
    jar.cookies = memberCookies;
  });

  it("lets a member count and tag selected contacts; a page's selection is done before the action answers", async () => {
    const tag = await createTag({ workspaceId, input: { name: "Picked" } });
    await seedContacts(workspaceId, manyContacts("m", 4));
    expect(await countContactsAction({ search: "m1" })).toEqual({ ok: true, data: { total: 4, matching: 1 } });
    const ids = (await db().contact.findMany({ where: { workspaceId }, select: { id: true }, take: 2 })).map(
      (c) => c.id,
    );
    const result = await startBulkContactsAction({ action: "tag", tagId: tag.id, target: { kind: "ids", ids } });
    expect(result).toMatchObject({ ok: true, data: { status: "completed", total: 2, changed: 2, tagName: "Picked" } });
    expect(await tagCount(tag.id)).toBe(2);
  });

  it("asks for a tag when tagging without one, at the field", async () => {
    const result = await startBulkContactsAction({ action: "tag", target: { kind: "filter", filter: {} } });
    expect(result).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/tagId", detail: "Choose a tag." }] });
  });

  it("refuses a new tag's name that is too long, empty, or given where it cannot apply, at the field", async () => {
    const target = { kind: "filter" as const, filter: {} };
    const cases = [
      [{ action: "tag", newTagName: "x".repeat(101), target }, "At most 100 characters."],
      [{ action: "tag", newTagName: "   ", target }, "Must not be empty."],
      [{ action: "untag", newTagName: "Nope", target }, "Only adding a tag can create one."],
      [{ action: "tag", newTagName: "Both", tagId: randomUUID(), target }, "Choose a tag or name a new one, not both."],
    ] as const;
    for (const [input, detail] of cases) {
      const result = await startBulkContactsAction(input);
      expect(result).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/newTagName", detail }] });
    }
    expect(await db().tag.count({ where: { workspaceId } })).toBe(0);
  });
});
