// Forms through the real route handlers and the real database: create (defaults, every field, validation and
// reference pointers), landing-page slugs, get, partial update, soft delete, duplicate, submissions, the auth
// matrix and workspace isolation. State moves: forms-states.test.ts; the list query: forms-list.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createTag } from "@/server/services/tags/create-tag";
import { createSegment } from "@/server/services/segments/create-segment";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import { makeWorkspace } from "../support/fixtures";
import { describeAuthMatrix, type MatrixRoute } from "../support/auth-matrix";
import {
  collection,
  createForm,
  formAct,
  formActions,
  formById,
  item,
  listForms,
  listSubmissions,
  newForm,
  pointers,
  seedSubmissions,
  submissions,
  type FormAction,
} from "../support/form-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
let owned: string;
let tagId: string;
let otherTagId: string;
let segmentId: string;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
// The other workspace's tag id is only known in beforeAll; tables name it by this placeholder.
const OTHER_TAG = "99999999-9999-4999-8999-999999999999";
const EMAIL_FIELD = { type: "email", name: "email", label: "Email", required: true };

beforeAll(async () => {
  ws = await makeWorkspace();
  other = await makeWorkspace();
  owned = (await newForm(ws.writeKey, { name: "Owned by ws" })).id;
  tagId = (await createTag({ workspaceId: ws.id, input: { name: "From forms" } })).id;
  otherTagId = (await createTag({ workspaceId: other.id, input: { name: "Other's" } })).id;
  segmentId = (
    await createSegment({
      workspaceId: ws.id,
      input: {
        name: "Everyone",
        rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "contains", value: "@" }] },
      },
    })
  ).id;
  await createCustomField({ workspaceId: ws.id, input: { key: "company", label: "Company", type: "text" } });
  await createCustomField({
    workspaceId: ws.id,
    input: { key: "plan", label: "Plan", type: "select", options: ["free", "pro", "team"] },
  });
});

describe("POST /api/v1/forms", () => {
  it("creates an inline draft from a name alone, with every field of the record", async () => {
    const res = await createForm(ws.writeKey, { name: "Footer sign-up" });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        workspaceId: ws.id,
        name: "Footer sign-up",
        type: "inline",
        status: "draft",
        heading: null,
        description: null,
        segmentId: null,
        tagIds: [],
        fields: [EMAIL_FIELD],
        styles: {
          backgroundColor: "#ffffff",
          textColor: "#111827",
          buttonColor: "#4f46e5",
          buttonTextColor: "#ffffff",
          inputBorderColor: "#d1d5db",
          fontFamily: "system",
          fontSize: 16,
          borderRadius: 8,
          buttonText: "Subscribe",
          layout: "stacked",
          maxWidth: 480,
        },
        display: { delaySeconds: 5, exitIntent: false, frequencyDays: 7, position: "bottom", corner: "bottom_right" },
        successMessage: "Thanks! Check your inbox to confirm your subscription.",
        redirectUrl: null,
        doubleOptIn: true,
        consentStatement: null,
        privacyPolicyUrl: null,
        captureTimezone: true,
        confirmationSubject: null,
        confirmationText: null,
        confirmationRedirectUrl: null,
        landingPageMeta: null,
        viewsCount: 0,
        submissionsCount: 0,
        embedUrl: `http://sendwell.test/api/forms/${id}`,
        landingPageUrl: null,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        publishedAt: null,
        archivedAt: null,
        deletedAt: null,
      },
    });
    const read = await formById("GET", ws.readKey, id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it("thanks without asking to confirm when doubleOptIn is off", async () => {
    const form = await newForm(ws.writeKey, { doubleOptIn: false });
    expect(form).toMatchObject({ doubleOptIn: false, successMessage: "Thanks for subscribing!" });
  });

  it("stores every part of the definition, normalised", async () => {
    const res = await createForm(ws.writeKey, {
      name: "  Full popup  ",
      type: "popup",
      heading: "Join us",
      description: "",
      segmentId: segmentId.toUpperCase(),
      tagIds: [tagId, tagId.toUpperCase()],
      fields: [
        { type: "first_name" },
        { type: "email", placeholder: "you@example.com" },
        { type: "custom", name: "company", label: "Company", required: true },
        { type: "custom", name: "plan", label: "Plan", options: ["pro", "team"] },
        { type: "checkbox", name: "weekly", label: "Weekly digest", tagId },
        { type: "consent", label: "I agree to the [terms](https://example.com/terms)" },
        { type: "hidden", name: "campaign", param: "utm_campaign", customField: "company" },
      ],
      styles: { buttonColor: "#FF0000", borderRadius: 0 },
      display: { delaySeconds: 0, exitIntent: true },
      successMessage: "Welcome aboard",
      redirectUrl: "https://example.com/thanks",
      consentStatement: "We send one email a week.",
      privacyPolicyUrl: "https://example.com/privacy",
      captureTimezone: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const f = res.body.data;
    expect(f).toMatchObject({
      name: "Full popup",
      type: "popup",
      heading: "Join us",
      description: null,
      segmentId,
      tagIds: [tagId],
      successMessage: "Welcome aboard",
      redirectUrl: "https://example.com/thanks",
      captureTimezone: false,
      landingPageMeta: null,
    });
    expect(f.fields.map((x: { name: string }) => x.name)).toEqual([
      "firstName",
      "email",
      "company",
      "plan",
      "weekly",
      "consent",
      "campaign",
    ]);
    expect(f.fields[0]).toEqual({ type: "first_name", name: "firstName", label: "First name", required: false });
    expect(f.fields[5]).toMatchObject({ type: "consent", name: "consent", required: true });
    expect(f.styles).toMatchObject({ buttonColor: "#ff0000", borderRadius: 0, textColor: "#111827" });
    expect(f.display).toMatchObject({ delaySeconds: 0, exitIntent: true, frequencyDays: 7 });
  });

  it.each([
    [{}, ["#/name"]],
    [{ name: "   " }, ["#/name"]],
    [{ name: "x", type: "modal" }, ["#/type"]],
    [{ name: "x", status: "published" }, ["#"]],
    [{ name: "x", fields: [] }, ["#/fields"]],
    [{ name: "x", fields: [{ type: "first_name" }] }, ["#/fields"]],
    [{ name: "x", fields: [{ type: "email" }, { type: "email" }] }, ["#/fields/1/name"]],
    [{ name: "x", fields: [{ type: "email" }, { type: "radio" }] }, ["#/fields/1/type"]],
    [{ name: "x", fields: [{ type: "email", required: false }] }, ["#/fields/0/required"]],
    [{ name: "x", styles: { buttonColor: "red" } }, ["#/styles/buttonColor"]],
    [{ name: "x", display: { delaySeconds: -1 } }, ["#/display/delaySeconds"]],
    [{ name: "x", redirectUrl: "javascript:alert(1)" }, ["#/redirectUrl"]],
    [{ name: "x", landingPageMeta: { slug: "Not A Slug" } }, ["#/landingPageMeta/slug"]],
    [{ name: "x", segmentId: "nope" }, ["#/segmentId"]],
  ])("refuses %j with a 422 pointing at %j", async (body, expected) => {
    const res = await createForm(ws.writeKey, body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(pointers(res.body)).toEqual(expected);
  });

  it.each([
    [
      "an unknown custom field",
      { fields: [{ type: "email" }, { type: "custom", name: "nope", label: "N" }] },
      ["#/fields/1/name"],
    ],
    [
      "an option the select field does not have",
      { fields: [{ type: "email" }, { type: "custom", name: "plan", label: "P", options: ["pro", "gold"] }] },
      ["#/fields/1/options/1"],
    ],
    [
      "options on a text field",
      { fields: [{ type: "email" }, { type: "custom", name: "company", label: "C", options: ["a"] }] },
      ["#/fields/1/options"],
    ],
    [
      "an unknown checkbox tag",
      { fields: [{ type: "email" }, { type: "checkbox", name: "b", label: "B", tagId: OTHER_TAG }] },
      ["#/fields/1/tagId"],
    ],
    [
      "a hidden field into an unknown custom field",
      { fields: [{ type: "email" }, { type: "hidden", name: "h", value: "v", customField: "nope" }] },
      ["#/fields/1/customField"],
    ],
    ["another workspace's tag", { tagIds: [OTHER_TAG] }, ["#/tagIds/0"]],
    ["an unknown segment", { segmentId: "00000000-0000-4000-8000-000000000000" }, ["#/segmentId"]],
  ])("refuses %s (422 at the reference) and stores nothing", async (_what, body, expected) => {
    const resolved = JSON.parse(JSON.stringify(body).replaceAll(OTHER_TAG, otherTagId));
    const before = await db().form.count({ where: { workspaceId: ws.id } });
    const res = await createForm(ws.writeKey, { name: "Refs", ...resolved });
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual(expected);
    expect(await db().form.count({ where: { workspaceId: ws.id } })).toBe(before);
  });
});

describe("landing pages", () => {
  it("gives a landing_page form a slug from its name, with a suffix when taken", async () => {
    const name = `Spring Offer ${Date.now()}`;
    const base = name.toLowerCase().replaceAll(" ", "-");
    const first = await newForm(ws.writeKey, { name, type: "landing_page" });
    expect(first.landingPageMeta).toEqual({ slug: base });
    expect(first.landingPageUrl).toBe(`http://sendwell.test/f/${base}`);
    const second = await newForm(other.writeKey, { name, type: "landing_page", landingPageMeta: { title: "T" } });
    expect(second.landingPageMeta).toEqual({
      slug: expect.stringMatching(new RegExp(`^${base}-[0-9a-f]{6}$`)),
      title: "T",
    });
  });

  it("refuses a slug another form holds, in any workspace, pointing at it", async () => {
    const slug = `taken-${Date.now()}`;
    await newForm(ws.writeKey, { type: "landing_page", landingPageMeta: { slug } });
    for (const key of [ws.writeKey, other.writeKey]) {
      const res = await createForm(key, { name: "Again", type: "landing_page", landingPageMeta: { slug } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ pointer: "#/landingPageMeta/slug", detail: expect.stringMatching(/taken/) }]);
    }
  });

  it("lets one of two racing writes take a slug (the other gets the 422); racing generated slugs both succeed", async () => {
    const slug = `raced-${Date.now()}`;
    const chosen = await Promise.all(
      [ws, other].map((w) => createForm(w.writeKey, { name: "R", landingPageMeta: { slug } })),
    );
    expect(chosen.map((r) => r.status).sort()).toEqual([201, 422]);
    const name = `Generated race ${Date.now()}`;
    const generated = await Promise.all(
      Array.from({ length: 4 }, () => createForm(ws.writeKey, { name, type: "landing_page" })),
    );
    expect(generated.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(generated.map((r) => r.body.data.landingPageMeta.slug)).size).toBe(4);
  });

  it("keeps the slug through edits, changes it on request, and generates one when the type becomes landing_page", async () => {
    const form = await newForm(ws.writeKey, { name: `Became page ${Date.now()}` });
    const slug = `${String(form.name).toLowerCase().replaceAll(" ", "-")}`;
    const page = await formById("PATCH", ws.writeKey, form.id, { type: "landing_page" });
    expect(page.body.data.landingPageMeta).toEqual({ slug });
    const titled = await formById("PATCH", ws.writeKey, form.id, { landingPageMeta: { title: "Hello" } });
    expect(titled.body.data.landingPageMeta).toEqual({ slug, title: "Hello" });
    const renamed = await formById("PATCH", ws.writeKey, form.id, { landingPageMeta: { slug: `${slug}-2` } });
    expect(renamed.body.data).toMatchObject({ landingPageMeta: { slug: `${slug}-2` } });
    const cleared = await formById("PATCH", ws.writeKey, form.id, { landingPageMeta: null });
    expect(cleared.body.data.landingPageMeta).toEqual({ slug: `${slug}-2` });
    // The old slug is free again.
    expect((await createForm(ws.writeKey, { name: "x", landingPageMeta: { slug } })).status).toBe(201);
  });
});

describe("GET / PATCH /api/v1/forms/{id}", () => {
  it("changes only what is sent, and null clears an optional field", async () => {
    const form = await newForm(ws.writeKey, { heading: "Hi", segmentId, tagIds: [tagId] });
    const res = await formById("PATCH", ws.writeKey, form.id, { name: "Renamed", heading: null, segmentId: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Renamed", heading: null, segmentId: null, tagIds: [tagId] });
    expect(res.body.data.fields).toEqual(form.fields);
    expect(res.body.data.updatedAt >= String(form.updatedAt)).toBe(true);
  });

  it("stores the confirmation email's subject and message and the page after confirming, within their limits", async () => {
    const form = await newForm(ws.writeKey, {
      confirmationSubject: "  {{firstName|Hi}}, confirm  ",
      confirmationText: "Line one.\n\nLine two with {{email}}.",
      confirmationRedirectUrl: "https://example.com/welcome",
    });
    expect(form).toMatchObject({
      confirmationSubject: "{{firstName|Hi}}, confirm",
      confirmationText: "Line one.\n\nLine two with {{email}}.",
      confirmationRedirectUrl: "https://example.com/welcome",
    });
    const bad = await formById("PATCH", ws.writeKey, form.id, {
      confirmationSubject: "x".repeat(201),
      confirmationText: "y".repeat(2001),
      confirmationRedirectUrl: "javascript:alert(1)",
    });
    expect(bad.status).toBe(422);
    expect(pointers(bad.body)).toEqual(["#/confirmationSubject", "#/confirmationText", "#/confirmationRedirectUrl"]);
    const twoLines = await formById("PATCH", ws.writeKey, form.id, { confirmationSubject: "a\nb" });
    expect(twoLines.status).toBe(422);
    expect(twoLines.body.errors[0]).toEqual({ pointer: "#/confirmationSubject", detail: "Must be one line." });
    for (const url of ["ftp://example.com/x", "/relative", "mailto:a@example.com"]) {
      const res = await formById("PATCH", ws.writeKey, form.id, { confirmationRedirectUrl: url });
      expect(pointers(res.body)).toEqual(["#/confirmationRedirectUrl"]);
    }
    const cleared = await formById("PATCH", ws.writeKey, form.id, {
      confirmationSubject: "",
      confirmationText: null,
      confirmationRedirectUrl: null,
    });
    expect(cleared.body.data).toMatchObject({
      confirmationSubject: null,
      confirmationText: null,
      confirmationRedirectUrl: null,
    });
  });

  it("switches a default success message with doubleOptIn, but never a message of the user's", async () => {
    const form = await newForm(ws.writeKey);
    const off = await formById("PATCH", ws.writeKey, form.id, { doubleOptIn: false });
    expect(off.body.data.successMessage).toBe("Thanks for subscribing!");
    const own = await newForm(ws.writeKey, { successMessage: "Yay" });
    expect((await formById("PATCH", ws.writeKey, own.id, { doubleOptIn: false })).body.data.successMessage).toBe("Yay");
    // The builder sends its whole draft, the old default with it: the message still follows the setting.
    const DOI = "Thanks! Check your inbox to confirm your subscription.";
    const whole = await formById("PATCH", ws.writeKey, form.id, { doubleOptIn: false, successMessage: DOI });
    expect(whole.body.data.successMessage).toBe("Thanks for subscribing!");
    const back = await formById("PATCH", ws.writeKey, form.id, {
      doubleOptIn: true,
      successMessage: "Thanks for subscribing!",
    });
    expect(back.body.data.successMessage).toBe(DOI);
    const created = await newForm(ws.writeKey, { doubleOptIn: false, successMessage: DOI });
    expect(created.successMessage).toBe("Thanks for subscribing!");
  });

  it("checks references on update and changes nothing when one is bad", async () => {
    const form = await newForm(ws.writeKey);
    const res = await formById("PATCH", ws.writeKey, form.id, {
      name: "Should not stick",
      tagIds: [tagId, otherTagId],
      fields: [{ type: "email" }, { type: "custom", name: "plan", label: "Plan", options: ["gold"] }],
    });
    expect(res.status).toBe(422);
    expect(pointers(res.body).sort()).toEqual(["#/fields/1/options/0", "#/tagIds/1"]);
    expect((await formById("GET", ws.readKey, form.id)).body.data.name).toBe("Form");
  });

  it.each([[{}], [{ id: "x" }], [{ name: "" }], [{ viewsCount: 5 }]])("refuses %j", async (body) => {
    const res = await formById("PATCH", ws.writeKey, owned, body);
    expect(res.status).toBe(422);
  });

  it("answers 404 for an unknown id and for a non-UUID", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await formById("GET", ws.readKey, id)).status).toBe(404);
      expect((await formById("PATCH", ws.writeKey, id, { name: "x" })).status).toBe(404);
    }
  });
});

describe("DELETE /api/v1/forms/{id}", () => {
  it("soft-deletes: 204, then 404 on every operation and gone from the list; the row stays", async () => {
    const form = await newForm(ws.writeKey, { name: `Doomed ${Date.now()}`, type: "landing_page" });
    const res = await formById("DELETE", ws.writeKey, form.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await formById("GET", ws.readKey, form.id)).status).toBe(404);
    expect((await formById("PATCH", ws.writeKey, form.id, { name: "x" })).status).toBe(404);
    expect((await formById("DELETE", ws.writeKey, form.id)).status).toBe(404);
    expect((await listSubmissions(ws.readKey, form.id)).status).toBe(404);
    for (const action of Object.keys(formActions) as FormAction[]) {
      expect((await formAct(action, ws.writeKey, form.id)).status, action).toBe(404);
    }
    const list = await listForms(ws.readKey, "limit=100");
    expect(list.body.data.map((f: { id: string }) => f.id)).not.toContain(form.id);
    const row = await db().form.findUniqueOrThrow({ where: { id: form.id } });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.slug).toBeNull();
  });
});

describe("POST /api/v1/forms/{id}/duplicate", () => {
  it("copies the definition into a new draft with zero counts and a new slug; the source is untouched", async () => {
    const source = await newForm(ws.writeKey, {
      name: `Source ${Date.now()}`,
      type: "landing_page",
      tagIds: [tagId],
      fields: [{ type: "email" }, { type: "custom", name: "company", label: "Company" }],
      landingPageMeta: { title: "Page" },
    });
    await formAct("publish", ws.writeKey, source.id);
    await db().formDailyStats.createMany({
      data: [
        { formId: source.id, day: new Date("2026-11-20"), shard: 0, views: 6, submissions: 2 },
        { formId: source.id, day: new Date("2026-11-20"), shard: 5, views: 4 },
      ],
    });
    const res = await formAct("duplicate", ws.writeKey, source.id);
    expect(res.status).toBe(201);
    const copy = res.body.data;
    expect(copy).toMatchObject({
      name: `${source.name} (copy)`,
      status: "draft",
      type: "landing_page",
      tagIds: [tagId],
      fields: source.fields,
      viewsCount: 0,
      submissionsCount: 0,
      publishedAt: null,
      landingPageMeta: { title: "Page", slug: `${String(source.name).toLowerCase().replaceAll(" ", "-")}-copy` },
    });
    expect(copy.id).not.toBe(source.id);
    expect((await formById("GET", ws.readKey, source.id)).body.data).toMatchObject({
      status: "published",
      viewsCount: 10,
      landingPageMeta: source.landingPageMeta,
    });
  });
});

describe("GET /api/v1/forms/{id}/submissions", () => {
  it("lists newest first, 50 by default, with the submission shape", async () => {
    const form = await newForm(ws.writeKey);
    const ids = await seedSubmissions(
      ws.id,
      form.id,
      Array.from({ length: 53 }, (_, i) => `s${i}-${Date.now()}@example.com`),
    );
    const res = await listSubmissions(ws.readKey, form.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 53, page: 1, limit: 50, totalPages: 2 });
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data[0]).toEqual({
      id: ids[52],
      formId: form.id,
      workspaceId: ws.id,
      contactId: expect.any(String),
      data: { email: expect.stringMatching(/^s52-/), firstName: "N52" },
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0",
      timezone: "Europe/London",
      referrer: "https://blog.example.com/",
      utmSource: null,
      source: "blog.example.com",
      device: "Desktop",
      submittedAt: expect.stringMatching(ISO),
      audienceStatus: "pending",
      contactStatus: "pending",
      contactEmail: expect.stringMatching(/^s52-/),
    });
    const last = await listSubmissions(ws.readKey, form.id, "page=2");
    expect(last.body.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1], ids[0]]);
    const small = await listSubmissions(ws.readKey, form.id, "limit=1&page=53");
    expect(small.body.data.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
  });

  it.each(["limit=0", "limit=101", "page=0", "page=x", "limit=2.5"])("refuses %s naming the parameter", async (q) => {
    const res = await listSubmissions(ws.readKey, owned, q);
    expect(res.status).toBe(422);
    expect(pointers(res.body)).toEqual([`#/query/${q.split("=")[0]}`]);
  });
});

describe("auth and workspace isolation", () => {
  const path =
    (suffix = "") =>
    () =>
      `/api/v1/forms/${owned}${suffix}`;
  const params = () => ({ id: owned });
  const routes: MatrixRoute[] = [
    { name: "list forms", method: "GET", handler: collection.GET, path: () => "/api/v1/forms" },
    {
      name: "create form",
      method: "POST",
      handler: collection.POST,
      path: () => "/api/v1/forms",
      body: () => ({ name: "Matrix" }),
    },
    { name: "get form", method: "GET", handler: item.GET, path: path(), params },
    { name: "update form", method: "PATCH", handler: item.PATCH, path: path(), params, body: () => ({ name: "M" }) },
    { name: "delete form", method: "DELETE", handler: item.DELETE, path: path(), params },
    { name: "list submissions", method: "GET", handler: submissions.GET, path: path("/submissions"), params },
    ...(Object.keys(formActions) as FormAction[]).map((a): MatrixRoute => ({
      name: `${a} form`,
      method: "POST",
      handler: formActions[a].POST,
      path: path(`/${a}`),
      params,
    })),
  ];
  describeAuthMatrix(
    routes,
    () => ws,
    () => other,
  );

  it("lists only the caller's forms and leaves the owner's form as it was after the other's attempts", async () => {
    const list = await listForms(other.readKey, "limit=100");
    expect(list.body.data.every((f: { workspaceId: string }) => f.workspaceId === other.id)).toBe(true);
    const still = await formById("GET", ws.readKey, owned);
    expect(still.body.data).toMatchObject({ name: "Owned by ws", status: "draft", deletedAt: null });
  });

  it("refuses another workspace's segment and custom field as references", async () => {
    const res = await createForm(other.writeKey, {
      name: "x",
      segmentId,
      fields: [{ type: "email" }, { type: "custom", name: "company", label: "C" }],
    });
    expect(res.status).toBe(422);
    expect(pointers(res.body).sort()).toEqual(["#/fields/1/name", "#/segmentId"]);
  });
});
