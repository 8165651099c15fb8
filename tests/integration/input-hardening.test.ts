// Input PostgreSQL cannot store or hold is a 422 naming the field, never a 500 and never stored altered; ids are
// found however their letters are cased. Through the real route handlers and the real database, one block per class
// (the CSV export's streaming failures are in export-stream-failures.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import * as contacts from "@/app/api/v1/contacts/route";
import * as contact from "@/app/api/v1/contacts/[id]/route";
import * as contactTags from "@/app/api/v1/contacts/[id]/tags/route";
import * as contactTag from "@/app/api/v1/contacts/[id]/tags/[tagId]/route";
import * as customFields from "@/app/api/v1/custom-fields/route";
import * as segments from "@/app/api/v1/segments/route";
import * as segment from "@/app/api/v1/segments/[id]/route";
import * as preview from "@/app/api/v1/segments/preview/route";
import * as tags from "@/app/api/v1/tags/route";
import * as tag from "@/app/api/v1/tags/[id]/route";
import * as webhooks from "@/app/api/v1/webhooks/route";
import * as deliveries from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
let webhookId: string;

const post = (handler: typeof tags.POST, path: string, body: unknown) =>
  call(handler, "POST", path, { key: ws.writeKey, body });
const get = (handler: typeof tags.GET, path: string, params: Record<string, string> = {}) =>
  call(handler, "GET", path, { key: ws.readKey, params });
const fieldRule = (field: string, operator: string, value: unknown) => ({
  match: "all",
  conditions: [{ type: "field", field, operator, value }],
});

beforeAll(async () => {
  ws = await makeWorkspace();
  for (const field of [
    { key: "city", label: "City", type: "text" },
    { key: "birthday", label: "Birthday", type: "date" },
  ]) {
    expect((await post(customFields.POST, "/api/v1/custom-fields", field)).status).toBe(201);
  }
  const hook = await post(webhooks.POST, "/api/v1/webhooks", {
    url: "https://93.184.216.34/hooks",
    events: ["contact.created"],
  });
  webhookId = hook.body.data.id;
});

describe("text PostgreSQL cannot store: NUL and unpaired surrogates", () => {
  const NUL = /NUL character/;
  const SURROGATE = /unpaired/;

  it.each([
    ["a tag name", tags.POST, "/api/v1/tags", { name: "a\u0000b" }, "#/name", NUL],
    ["a tag name (lone high surrogate)", tags.POST, "/api/v1/tags", { name: "x\ud800" }, "#/name", SURROGATE],
    [
      "a contact name",
      contacts.POST,
      "/api/v1/contacts",
      { email: "n@example.com", lastName: "\udc00" },
      "#/lastName",
      SURROGATE,
    ],
    [
      "a field value",
      contacts.POST,
      "/api/v1/contacts",
      { email: "v@example.com", fields: { city: "Pa\u0000ris" } },
      "#/fields/city",
      NUL,
    ],
    [
      "a field key",
      contacts.POST,
      "/api/v1/contacts",
      { email: "k@example.com", fields: { "ci\u0000ty": "Paris" } },
      "#/fields/ci\u0000ty",
      /member name contains a NUL/,
    ],
    [
      "a segment rule value",
      preview.POST,
      "/api/v1/segments/preview",
      { rules: fieldRule("fields.city", "contains", "\u0000") },
      "#/rules/conditions/0/value",
      NUL,
    ],
  ] as const)("%s is a 422 naming it, and nothing is stored", async (_, handler, path, body, pointer, detail) => {
    const res = await post(handler, path, body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.errors).toEqual([{ pointer, detail: expect.stringMatching(detail) }]);
    expect(await db().tag.count({ where: { workspaceId: ws.id } })).toBe(0);
    expect(await db().contact.count({ where: { workspaceId: ws.id } })).toBe(0);
  });

  it("a query parameter is a 422 naming it; a path parameter is simply not found", async () => {
    const res = await get(contacts.GET, "/api/v1/contacts?search=a%00b");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ pointer: "#/query/search", detail: expect.stringMatching(NUL) }]);
    expect((await get(contact.GET, "/api/v1/contacts/%00", { id: "\u0000" })).status).toBe(404);
  });

  it("emoji (paired surrogates) and other control characters are stored as sent", async () => {
    const res = await post(tags.POST, "/api/v1/tags", { name: "🎉 party\u0001" });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe("🎉 party\u0001");
    await db().tag.delete({ where: { id: res.body.data.id } });
  });
});

describe("dates and times PostgreSQL cannot hold", () => {
  const since = (value: string) =>
    get(deliveries.GET, `/api/v1/webhooks/${webhookId}/deliveries?since=${encodeURIComponent(value)}`, {
      id: webhookId,
    });

  it.each(["0000-01-01T00:00:00Z", "2026-01-01T00:00:00+23:00", "9999-12-31T23:59:59-01:00", "2026-02-30T00:00:00Z"])(
    "delivery since=%s is a 422 naming since",
    async (value) => {
      const res = await since(value);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ pointer: "#/query/since", detail: expect.any(String) }]);
    },
  );

  it("delivery since accepts every offset PostgreSQL does", async () => {
    expect((await since("2026-01-01T00:00:00+15:59")).status).toBe(200);
    expect((await since("0001-01-01T00:00:00Z")).status).toBe(200);
  });

  it.each([
    ["createdFrom", "0000-01-01"],
    ["createdTo", "2026-01-01T00:00:00+23:00"],
    ["createdFrom", "0001-01-01T00:00:00+01:00"],
  ])("contact list %s=%s is a 422 naming it", async (name, value) => {
    const res = await get(contacts.GET, `/api/v1/contacts?${name}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ pointer: `#/query/${name}`, detail: expect.any(String) }]);
  });

  it.each([
    ["createdAt", "before"],
    ["createdAt", "on"],
    ["fields.birthday", "after"],
  ])("a segment rule on %s %s 0000-01-01 is a 422 naming the value", async (field, operator) => {
    const rules = fieldRule(field, operator, "0000-01-01");
    for (const [handler, path, body] of [
      [preview.POST, "/api/v1/segments/preview", { rules }],
      [segments.POST, "/api/v1/segments", { name: "Year zero", rules }],
    ] as const) {
      const res = await post(handler, path, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { pointer: "#/rules/conditions/0/value", detail: expect.stringMatching(/0001-01-01 to 9999-12-31/) },
      ]);
    }
    expect(
      (await post(preview.POST, "/api/v1/segments/preview", { rules: fieldRule(field, operator, "0001-01-01") }))
        .status,
    ).toBe(200);
  });

  it.each([
    ["0000-01-01", /Must be a date/],
    ["2026-01-01T10:00:00+23:00", /offset/],
  ])("a date custom-field value %s is a 422 naming the field", async (value, detail) => {
    const res = await post(contacts.POST, "/api/v1/contacts", { email: "d@example.com", fields: { birthday: value } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ pointer: "#/fields/birthday", detail: expect.stringMatching(detail) }]);
  });
});

describe("ids are UUIDs however they are written", () => {
  it("a capitalised contact id is the same contact on get, patch, delete and the tag routes", async () => {
    const tagId = (await post(tags.POST, "/api/v1/tags", { name: "Caps" })).body.data.id as string;
    const id = (await post(contacts.POST, "/api/v1/contacts", { email: "caps@example.com" })).body.data.id as string;
    const ID = id.toUpperCase();
    const TAG = tagId.toUpperCase();
    const at = (params: Record<string, string>) => ({ key: ws.writeKey, params });

    const read = await get(contact.GET, `/api/v1/contacts/${ID}`, { id: ID });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(id);

    const patched = await call(contact.PATCH, "PATCH", `/api/v1/contacts/${ID}`, {
      ...at({ id: ID }),
      body: { firstName: "Ada" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id, firstName: "Ada" });

    const added = await call(contactTags.POST, "POST", `/api/v1/contacts/${ID}/tags`, {
      ...at({ id: ID }),
      body: { tagIds: [TAG] },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.tags).toEqual([tagId]);
    expect((await get(tag.GET, `/api/v1/tags/${TAG}`, { id: TAG })).body.data).toMatchObject({ id: tagId, count: 1 });
    const listed = await get(contacts.GET, `/api/v1/contacts?tagId=${TAG}`);
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);

    const removed = await call(
      contactTag.DELETE,
      "DELETE",
      `/api/v1/contacts/${ID}/tags/${TAG}`,
      at({ id: ID, tagId: TAG }),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.tags).toEqual([]);

    const segmentId = (
      await post(segments.POST, "/api/v1/segments", {
        name: "Caps",
        rules: { match: "all", conditions: [{ type: "tag", operator: "has", tagId: TAG }] },
      })
    ).body.data.id as string;
    const SEGMENT = segmentId.toUpperCase();
    expect(
      (await get(segment.GET, `/api/v1/segments/${SEGMENT}`, { id: SEGMENT })).body.data.rules.conditions[0].tagId,
    ).toBe(tagId);

    const deleted = await call(contact.DELETE, "DELETE", `/api/v1/contacts/${ID}`, at({ id: ID }));
    expect(deleted.status).toBe(204);
    expect(await db().contact.count({ where: { id } })).toBe(0);
  });
});
