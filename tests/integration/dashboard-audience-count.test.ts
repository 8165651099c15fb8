// The composer's live recipient count (countAudienceAction), called as the browser calls it: a real session cookie
// of a real user, the real action wrapper, the real audience SQL. Only the Next.js request context is replaced (the
// cookie jar a server action reads), since no request runs here.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { createSegment } from "@/server/services/segments/create-segment";
import { createTag } from "@/server/services/tags/create-tag";
import { hashPassword } from "@/server/services/users/password";
import { countAudienceAction, countMissingMergeValuesAction } from "@/features/composer/actions/audience-actions";
import { mergeValue } from "@/lib/email-content/merge-tags";
import { sessionCookie } from "../support/session-cookie";
import { makeBroadcast, manyContacts, seedContacts } from "../support/sending";

const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => jar.cookies }));

const NOBODY = "00000000-0000-4000-8000-000000000000";
const rule = (value: string) => ({
  match: "all" as const,
  conditions: [{ type: "field" as const, field: "email", operator: "contains" as const, value }],
});

let workspaceId: string;
let signedIn: Map<string, string>;
let fans: string; // segment: the 3 "fan" addresses
let vips: string; // segment: the 2 "fan-vip" addresses, inside fans
let theirSegment: string;
let theirTag: string;
let theirWorkspace: string;
let tagged: string;

async function userWithWorkspace() {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@audience.test`, passwordHash: await hashPassword("correct horse battery") },
    select: { id: true },
  });
  const workspace = await createWorkspace({ name: "Audience", ownerId: user.id });
  const { cookie } = await sessionCookie(user.id);
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  return { workspaceId: workspace.id, cookies: new Map([[name, value]]) };
}

beforeAll(async () => {
  const me = await userWithWorkspace();
  workspaceId = me.workspaceId;
  signedIn = me.cookies;
  tagged = (await createTag({ workspaceId, input: { name: "Readers" } })).id;
  await seedContacts(workspaceId, [
    ...manyContacts("fan-vip", 2),
    { email: "fan-plain@example.com" },
    { email: "fan-gone@example.com", status: "unsubscribed" },
    ...manyContacts("other", 4),
  ]);
  await seedContacts(workspaceId, manyContacts("reader", 2), [tagged]);
  fans = (await createSegment({ workspaceId, input: { name: "Fans", rules: rule("fan") } })).id;
  vips = (await createSegment({ workspaceId, input: { name: "VIPs", rules: rule("fan-vip") } })).id;

  const them = await userWithWorkspace();
  theirWorkspace = them.workspaceId;
  await seedContacts(them.workspaceId, manyContacts("fan-theirs", 5));
  theirSegment = (await createSegment({ workspaceId: them.workspaceId, input: { name: "Theirs", rules: rule("fan") } }))
    .id;
  theirTag = (await createTag({ workspaceId: them.workspaceId, input: { name: "Theirs" } })).id;
});

beforeEach(() => {
  jar.cookies = signedIn;
});

const pointers = (r: { ok: boolean; fieldErrors?: { pointer: string }[] }) =>
  r.ok ? [] : (r.fieldErrors ?? []).map((e) => e.pointer).sort();

describe("countAudienceAction", () => {
  it("counts subscribed contacts only, each once, for all, segments minus exclusions, and any of the tags", async () => {
    // 9 subscribed here (4 other + 2 vip + 1 plain + 2 readers); the unsubscribed fan and the other workspace are out.
    expect(await countAudienceAction({ audienceType: "all", audienceFilter: {} })).toEqual({
      ok: true,
      data: { count: 9 },
    });
    expect(await countAudienceAction({ audienceType: "all" })).toEqual({ ok: true, data: { count: 9 } });
    expect(
      await countAudienceAction({ audienceType: "segments", audienceFilter: { segmentIds: [fans, vips] } }),
    ).toEqual({ ok: true, data: { count: 3 } });
    expect(
      await countAudienceAction({
        audienceType: "segments",
        audienceFilter: { segmentIds: [fans], excludeSegmentIds: [vips] },
      }),
    ).toEqual({ ok: true, data: { count: 1 } });
    expect(await countAudienceAction({ audienceType: "tags", audienceFilter: { tagIds: [tagged] } })).toEqual({
      ok: true,
      data: { count: 2 },
    });
  });

  it("refuses another workspace's segment and tag ids as a 422 pointing at each of them", async () => {
    const segments = await countAudienceAction({
      audienceType: "segments",
      audienceFilter: { segmentIds: [fans, theirSegment], excludeSegmentIds: [theirSegment] },
    });
    // VALIDATION is the 422 of the API: the same AppError the send's readiness check throws.
    expect(segments).toMatchObject({
      ok: false,
      code: "VALIDATION",
      error: "The broadcast's audience names records that do not exist.",
    });
    expect(pointers(segments)).toEqual(["#/audienceFilter/excludeSegmentIds/0", "#/audienceFilter/segmentIds/1"]);
    if (!segments.ok)
      expect(segments.fieldErrors?.[0]?.detail).toBe("No segment with this id exists in this workspace.");

    const tags = await countAudienceAction({ audienceType: "tags", audienceFilter: { tagIds: [tagged, theirTag] } });
    expect(pointers(tags)).toEqual(["#/audienceFilter/tagIds/1"]);
  });

  it("says what to choose when nothing is chosen, never that an id is not a UUID", async () => {
    const none = await countAudienceAction({ audienceType: "segments", audienceFilter: { segmentIds: [] } });
    expect(none).toEqual({
      ok: false,
      error: "Check the highlighted fields.",
      fieldErrors: [{ pointer: "#/audienceFilter/segmentIds", detail: "Choose at least one segment." }],
    });
    const noTags = await countAudienceAction({ audienceType: "tags", audienceFilter: { tagIds: [] } });
    expect(noTags).toMatchObject({
      ok: false,
      fieldErrors: [{ pointer: "#/audienceFilter/tagIds", detail: "Choose at least one tag." }],
    });
    expect(JSON.stringify([none, noTags])).not.toMatch(/uuid/i);
    // A filter of another audience type is named, not silently ignored.
    const mixed = await countAudienceAction({ audienceType: "tags", audienceFilter: { segmentIds: [fans] } });
    expect(pointers(mixed)).toContain("#/audienceFilter");
  });

  it("counts a resend-to-unopened draft as the source's recipients who never opened it", async () => {
    const source = await makeBroadcast(workspaceId, { status: "sent", name: "Source" });
    const contacts = await db().contact.findMany({
      where: { workspaceId, email: { in: ["fan-vip0@example.com", "fan-vip1@example.com", "fan-plain@example.com"] } },
      select: { id: true, email: true },
    });
    await db().broadcastRecipient.createMany({
      data: contacts.map((c) => ({
        broadcastId: source.id,
        workspaceId,
        contactId: c.id,
        email: c.email,
        batchNo: 0,
        status: "sent",
        openedAt: c.email === "fan-plain@example.com" ? new Date() : null,
      })),
    });
    const resend = await makeBroadcast(workspaceId, { name: "Resend", resendOfId: source.id });
    expect(await countAudienceAction({ audienceType: "all", audienceFilter: {}, broadcastId: resend.id })).toEqual({
      ok: true,
      data: { count: 2 },
    });

    // Another workspace's broadcast is not found, as every record of another workspace, and so is no broadcast.
    const theirs = await makeBroadcast(theirWorkspace, { name: "Theirs", resendOfId: null });
    for (const broadcastId of [theirs.id, NOBODY]) {
      expect(await countAudienceAction({ audienceType: "all", broadcastId })).toEqual({
        ok: false,
        code: "NOT_FOUND",
        error: "Broadcast not found.",
        fieldErrors: undefined,
      });
    }
  });

  it("answers nothing to a request without a signed-in session", async () => {
    jar.cookies = new Map();
    expect(await countAudienceAction({ audienceType: "all" })).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
      error: "Your session has ended. Sign in again.",
    });
  });
});

describe("countMissingMergeValuesAction", () => {
  // What each contact's "plan" custom field holds; the rest of the 9 subscribed contacts have none.
  const plans: Record<string, string | number | boolean | string[] | null> = {
    "other0@example.com": "pro",
    "other1@example.com": " \t ",
    "other2@example.com": ["", "team"],
    "other3@example.com": [],
    "fan-vip0@example.com": 0,
    "fan-vip1@example.com": false,
    "fan-plain@example.com": null,
  };

  beforeAll(async () => {
    for (const [email, plan] of Object.entries(plans))
      await db().contact.updateMany({ where: { workspaceId, email }, data: { fields: { plan } } });
    await db().contact.updateMany({ where: { workspaceId, email: "other0@example.com" }, data: { lastName: "  " } });
    await db().contact.updateMany({ where: { workspaceId, email: "other1@example.com" }, data: { lastName: "Lee" } });
  });

  it("counts, with the send's audience SQL, the recipients who would read an empty space for each tag", async () => {
    const all = await countMissingMergeValuesAction({
      audienceType: "all",
      keys: ["firstName", "first_name", "lastName", "email", "plan", "frstName"],
    });
    // 9 subscribed; fan-plain has no first name; only other1 has a last name; a typo matches nobody's value.
    expect(all).toEqual({
      ok: true,
      data: {
        recipients: 9,
        missing: { firstName: 1, first_name: 1, lastName: 8, email: 0, plan: 5, frstName: 9 },
      },
    });

    // "Empty" is what the renderer finds empty: the SQL agrees with mergeValue contact by contact.
    const contacts = await db().contact.findMany({
      where: { workspaceId, status: "subscribed" },
      select: { email: true, firstName: true, lastName: true, fields: true },
    });
    const empty = contacts.filter(
      (c) => mergeValue({ ...c, fields: c.fields as Record<string, unknown> }, "plan", null) === "",
    );
    expect(empty).toHaveLength(5);

    const fansOnly = await countMissingMergeValuesAction({
      audienceType: "segments",
      audienceFilter: { segmentIds: [fans] },
      keys: ["firstName", "plan"],
    });
    expect(fansOnly).toEqual({ ok: true, data: { recipients: 3, missing: { firstName: 1, plan: 1 } } });
  });

  it("refuses what the audience count refuses, and keys that are not merge tags", async () => {
    const theirs = await countMissingMergeValuesAction({
      audienceType: "tags",
      audienceFilter: { tagIds: [theirTag] },
      keys: ["firstName"],
    });
    expect(pointers(theirs)).toEqual(["#/audienceFilter/tagIds/0"]);
    const bad = await countMissingMergeValuesAction({ audienceType: "all", keys: ["first name'; --"] });
    expect(pointers(bad)).toEqual(["#/keys/0"]);
    jar.cookies = new Map();
    expect(await countMissingMergeValuesAction({ audienceType: "all", keys: ["firstName"] })).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
    });
  });
});
