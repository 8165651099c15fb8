// Broadcasts through the real route handlers and the real database: create (defaults, every field, validation
// pointers), get, update (partial, audience checked at write time), delete, duplicate, archive, the auth matrix and
// workspace isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { makeWorkspace } from "../support/fixtures";
import { describeAuthMatrix, type MatrixRoute } from "../support/auth-matrix";
import { sampleBlocks } from "../support/sending";
import * as recipients from "@/app/api/v1/broadcasts/[id]/recipients/route";
import {
  act,
  actions,
  byId,
  collection,
  createBroadcast,
  forceStatus,
  item,
  listBroadcasts,
  pointers,
  type Action,
} from "../support/broadcast-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
let owned: string;

const EVERYONE = {
  match: "all" as const,
  conditions: [{ type: "field" as const, field: "email", operator: "contains" as const, value: "@" }],
};
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  ws = await makeWorkspace();
  other = await makeWorkspace();
  owned = (await createBroadcast(ws.writeKey, { name: "Owned by ws" })).body.id;
});

describe("POST /api/v1/broadcasts", () => {
  it("creates a draft from a name alone, with every field of the record", async () => {
    const res = await createBroadcast(ws.writeKey, { name: "November newsletter" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workspaceId: ws.id,
      name: "November newsletter",
      status: "draft",
      subject: null,
      previewText: null,
      fromName: null,
      fromEmail: null,
      replyTo: null,
      audienceType: "all",
      audienceFilter: {},
      blocks: [],
      theme: "default",
      footerStyles: {},
      variants: [],
      abTestPercent: null,
      abWinnerMetric: null,
      abWinnerAfterMinutes: null,
      abWinner: null,
      timezoneMode: null,
      scheduledAt: null,
      localDate: null,
      localTime: null,
      paused: false,
      archived: false,
      archivedAt: null,
      recipientCount: 0,
      sentCount: 0,
      failedCount: 0,
      sendStartedAt: null,
      sentAt: null,
      resendOfId: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const read = await byId("GET", ws.readKey, res.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("takes the workspace's default sender when none is given", async () => {
    const w = await makeWorkspace();
    await db().workspace.update({
      where: { id: w.id },
      data: { defaultFromName: "Acme", defaultFromEmail: "hello@acme.test" },
    });
    const res = await createBroadcast(w.writeKey, { name: "Defaults" });
    expect(res.body).toMatchObject({ fromName: "Acme", fromEmail: "hello@acme.test" });
    const own = await createBroadcast(w.writeKey, { name: "Own", fromEmail: "me@acme.test" });
    expect(own.body).toMatchObject({ fromName: "Acme", fromEmail: "me@acme.test" });
  });

  it("stores content, audience and A/B settings", async () => {
    const tag = await createTag({ workspaceId: ws.id, input: { name: `VIP ${Date.now()}` } });
    const res = await createBroadcast(ws.writeKey, {
      name: "Full",
      subject: "Hi {{firstName|there}}",
      previewText: "Inside: news",
      fromName: "Acme",
      fromEmail: "news@acme.test",
      replyTo: "help@acme.test",
      audienceType: "tags",
      audienceFilter: { tagIds: [tag.id.toUpperCase()] },
      blocks: sampleBlocks,
      theme: "dark",
      footerStyles: { backgroundColor: "#112233" },
      variants: [
        { id: "a", subject: "Subject A" },
        { id: "b", subject: "Subject B", previewText: "B preview" },
      ],
      abWinnerMetric: "opens",
      abWinnerAfterMinutes: 60,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      audienceType: "tags",
      audienceFilter: { tagIds: [tag.id] },
      theme: "dark",
      footerStyles: { backgroundColor: "#112233" },
      abTestPercent: 20,
      abWinnerMetric: "opens",
      abWinnerAfterMinutes: 60,
      replyTo: "help@acme.test",
    });
    expect(res.body.blocks).toHaveLength(sampleBlocks.length);
    expect(res.body.variants.map((v: { id: string }) => v.id)).toEqual(["a", "b"]);
  });

  it.each([
    [{}, ["#/name"]],
    [{ name: "  " }, ["#/name"]],
    [{ name: "x", fromEmail: "not-an-email" }, ["#/fromEmail"]],
    [{ name: "x", status: "sent" }, ["#"]],
    [{ name: "x", audienceType: "segments" }, ["#/audienceFilter"]],
    [{ name: "x", audienceType: "segments", audienceFilter: { segmentIds: [] } }, ["#/audienceFilter/segmentIds"]],
    [{ name: "x", audienceType: "tags", audienceFilter: { segmentIds: [] } }, ["#/audienceFilter"]],
    [{ name: "x", audienceType: "all", audienceFilter: { ids: ["x"] } }, ["#/audienceFilter/ids"]],
    [{ name: "x", audienceFilter: {} }, ["#/audienceType"]],
    [{ name: "x", theme: "neon" }, ["#/theme"]],
    [
      {
        name: "x",
        blocks: [
          { type: "heading", text: "ok" },
          { type: "button", text: "Go" },
        ],
      },
      ["#/blocks/1/href"],
    ],
    [{ name: "x", variants: [{ id: "a", subject: "A" }] }, ["#/variants"]],
    [
      {
        name: "x",
        variants: [
          { id: "a", subject: "A" },
          { id: "a", subject: "B" },
        ],
      },
      ["#/variants/1/id"],
    ],
    [
      {
        name: "x",
        variants: [
          { id: "no spaces", subject: "A" },
          { id: "b", subject: "B" },
        ],
      },
      ["#/variants/0/id"],
    ],
    [{ name: "x", abWinnerMetric: "opens" }, ["#/abWinnerAfterMinutes"]],
    [{ name: "x", abTestPercent: 100 }, ["#/abTestPercent"]],
  ])("refuses %j with a 422 pointing at %j", async (body, expected) => {
    const res = await createBroadcast(ws.writeKey, body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    for (const p of expected) expect(pointers(res.body)).toContain(p);
  });

  it("refuses segment and tag ids that are not this workspace's, pointing at each", async () => {
    const seg = await createSegment({
      workspaceId: other.id,
      input: { name: "Theirs", rules: EVERYONE },
    });
    const mine = await createSegment({
      workspaceId: ws.id,
      input: { name: `Mine ${Date.now()}`, rules: EVERYONE },
    });
    const res = await createBroadcast(ws.writeKey, {
      name: "x",
      audienceType: "segments",
      audienceFilter: { segmentIds: [mine.id, seg.id], excludeSegmentIds: [seg.id] },
    });
    expect(res.status).toBe(422);
    expect(pointers(res.body).sort()).toEqual([
      "#/audienceFilter/excludeSegmentIds/0",
      "#/audienceFilter/segmentIds/1",
    ]);
    const tags = await createBroadcast(ws.writeKey, {
      name: "x",
      audienceType: "tags",
      audienceFilter: { tagIds: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(pointers(tags.body)).toEqual(["#/audienceFilter/tagIds/0"]);
  });
});

describe("links whose destination a merge tag would choose", () => {
  const shop = "https://{{website|shop.example}}/";

  it("are refused with a 422 at each such link, on create and update, wherever a link can be", async () => {
    const created = await createBroadcast(ws.writeKey, {
      name: "Links",
      blocks: [
        { type: "text", text: "Fine: [deal](https://shop.example/?e={{email}})" },
        { type: "button", text: "Shop", href: shop },
        { type: "columns", columns: [{ blocks: [] }, { blocks: [{ type: "text", text: `[x](${shop})` }] }] },
      ],
      footerStyles: { text: `[home](${shop})` },
      variants: [
        { id: "a", subject: "A" },
        { id: "b", subject: "B", blocks: [{ type: "image", src: "https://shop.example/i.png", href: shop }] },
      ],
    });
    expect(created.status).toBe(422);
    expect(pointers(created.body).sort()).toEqual(
      [
        "#/blocks/1/href",
        "#/blocks/2/columns/1/blocks/0/text",
        "#/footerStyles/text",
        "#/variants/1/blocks/0/href",
      ].sort(),
    );
    expect(created.body.errors[0].detail).toMatch(/never its scheme or host/);

    const patched = await byId("PATCH", ws.writeKey, owned, {
      blocks: [{ type: "social", links: [{ network: "x", url: "https://{{handle}}.example/" }] }],
    });
    expect(patched.status).toBe(422);
    expect(pointers(patched.body)).toEqual(["#/blocks/0/links/0/url"]);
    expect((await byId("GET", ws.readKey, owned)).body.blocks).toEqual([]);
  });

  it("are accepted with the tags after the host", async () => {
    const res = await createBroadcast(ws.writeKey, {
      name: "Fine links",
      blocks: [{ type: "button", text: "Shop", href: "https://shop.example/{{website|home}}?e={{email}}" }],
    });
    expect(res.status).toBe(201);
  });
});

describe("PATCH /api/v1/broadcasts/{id}", () => {
  it("changes only the fields sent; null clears an optional one", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Patch me", subject: "S", previewText: "P" });
    const res = await byId("PATCH", ws.writeKey, b.id, { subject: "New", previewText: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Patch me", subject: "New", previewText: null, status: "draft" });
  });

  it("checks the A/B winner settings against the stored ones", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "AB" });
    const alone = await byId("PATCH", ws.writeKey, b.id, { abWinnerMetric: "clicks" });
    expect(alone.status).toBe(422);
    expect(pointers(alone.body)).toEqual(["#/abWinnerAfterMinutes"]);
    await byId("PATCH", ws.writeKey, b.id, { abWinnerMetric: "opens", abWinnerAfterMinutes: 30 });
    const change = await byId("PATCH", ws.writeKey, b.id, { abWinnerMetric: "clicks" });
    expect(change.body).toMatchObject({ abWinnerMetric: "clicks", abWinnerAfterMinutes: 30 });
    const off = await byId("PATCH", ws.writeKey, b.id, { abWinnerMetric: null, abWinnerAfterMinutes: null });
    expect(off.body).toMatchObject({ abWinnerMetric: null, abWinnerAfterMinutes: null });
  });

  it("refuses an empty body and unknown fields", async () => {
    expect((await byId("PATCH", ws.writeKey, owned, {})).status).toBe(422);
    const res = await byId("PATCH", ws.writeKey, owned, { sentCount: 5 });
    expect(res.status).toBe(422);
  });

  it("keeps a scheduled broadcast scheduled, and refuses an edit that would leave it unsendable", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Sched", subject: "S" });
    await forceStatus(b.id, "scheduled", { scheduledAt: new Date(Date.now() + 3600_000) });
    const ok = await byId("PATCH", ws.writeKey, b.id, { name: "Renamed" });
    // Not ready (no sender, no content, no audience, no postal address): refused, nothing changed.
    expect(ok.status).toBe(422);
    expect(pointers(ok.body)).toEqual(expect.arrayContaining(["#/fromEmail", "#/blocks"]));
    expect((await byId("GET", ws.readKey, b.id)).body).toMatchObject({ name: "Sched", status: "scheduled" });
  });

  it.each(["sending", "sent"] as const)("answers 409 naming the status while %s", async (status) => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: `In ${status}` });
    await forceStatus(b.id, status);
    const res = await byId("PATCH", ws.writeKey, b.id, { name: "Nope" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(status);
  });
});

describe("DELETE /api/v1/broadcasts/{id}", () => {
  it("deletes a draft (204, then 404)", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Delete me" });
    const res = await byId("DELETE", ws.writeKey, b.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await byId("GET", ws.readKey, b.id)).status).toBe(404);
  });

  it.each(["scheduled", "sending", "sent"] as const)("refuses a %s broadcast with 409", async (status) => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: `Keep ${status}` });
    await forceStatus(b.id, status);
    const res = await byId("DELETE", ws.writeKey, b.id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain(status);
    expect((await byId("GET", ws.readKey, b.id)).status).toBe(200);
  });
});

describe("duplicate, archive, unarchive", () => {
  it("duplicates any status into a new draft named (copy), the source untouched", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: "Original", subject: "S", blocks: sampleBlocks });
    await forceStatus(b.id, "sent", { sentCount: 7, sentAt: new Date() });
    const res = await act("duplicate", ws.writeKey, b.id, { body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Original (copy)", status: "draft", sentCount: 0, subject: "S" });
    expect(res.body.id).not.toBe(b.id);
    expect(res.body.blocks).toEqual((await byId("GET", ws.readKey, b.id)).body.blocks);
    expect((await byId("GET", ws.readKey, b.id)).body).toMatchObject({ status: "sent", sentCount: 7 });
  });

  it("archives out of the default list and back; not while sending", async () => {
    const { body: b } = await createBroadcast(ws.writeKey, { name: `Archive ${Date.now()}` });
    const archived = await act("archive", ws.writeKey, b.id);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ archived: true, archivedAt: expect.stringMatching(ISO), status: "draft" });
    const again = await act("archive", ws.writeKey, b.id);
    expect(again.body.archivedAt).toBe(archived.body.archivedAt);
    const visible = await listBroadcasts(ws.readKey, "limit=100");
    expect(visible.body.data.map((x: { id: string }) => x.id)).not.toContain(b.id);
    const hidden = await listBroadcasts(ws.readKey, "archived=true&limit=100");
    expect(hidden.body.data.map((x: { id: string }) => x.id)).toContain(b.id);
    const back = await act("unarchive", ws.writeKey, b.id);
    expect(back.body).toMatchObject({ archived: false, archivedAt: null });

    await forceStatus(b.id, "sending");
    for (const action of ["archive", "unarchive"] as const) {
      const res = await act(action, ws.writeKey, b.id);
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain("sending");
    }
  });
});

const matrixRoutes = (): MatrixRoute[] => {
  const id = () => owned;
  const params = () => ({ id: owned });
  const post = (action: Action, body?: () => unknown): MatrixRoute => ({
    name: action,
    method: "POST",
    handler: actions[action].POST,
    path: () => `/api/v1/broadcasts/${id()}/${action}`,
    params,
    body,
  });
  return [
    { name: "list", method: "GET", handler: collection.GET, path: () => "/api/v1/broadcasts" },
    {
      name: "create",
      method: "POST",
      handler: collection.POST,
      path: () => "/api/v1/broadcasts",
      body: () => ({ name: "M" }),
    },
    { name: "get", method: "GET", handler: item.GET, path: () => `/api/v1/broadcasts/${id()}`, params },
    {
      name: "update",
      method: "PATCH",
      handler: item.PATCH,
      path: () => `/api/v1/broadcasts/${id()}`,
      params,
      body: () => ({ name: "M2" }),
    },
    { name: "delete", method: "DELETE", handler: item.DELETE, path: () => `/api/v1/broadcasts/${id()}`, params },
    post("duplicate"),
    post("schedule", () => ({ scheduledAt: new Date(Date.now() + 86_400_000).toISOString() })),
    post("send"),
    post("cancel"),
    post("test", () => ({ email: "t@example.com" })),
    post("ab-winner", () => ({ variantId: "a" })),
    post("resend-unopened", () => ({ subject: "Again" })),
    post("archive"),
    post("unarchive"),
    post("pause"),
    post("resume"),
    {
      name: "recipients",
      method: "GET",
      handler: recipients.GET,
      path: () => `/api/v1/broadcasts/${id()}/recipients`,
      params,
    },
  ];
};

describeAuthMatrix(
  matrixRoutes(),
  () => ws,
  () => other,
);

describe("workspace isolation", () => {
  it("lists only the caller's broadcasts, and another workspace's id is 404 everywhere", async () => {
    const list = await listBroadcasts(other.readKey, "limit=100");
    expect(list.body.data.every((b: { workspaceId: string }) => b.workspaceId === other.id)).toBe(true);
    expect((await byId("GET", other.readKey, owned)).status).toBe(404);
    expect((await byId("DELETE", other.writeKey, owned)).status).toBe(404);
    expect((await byId("GET", ws.readKey, owned)).status).toBe(200);
  });
});
