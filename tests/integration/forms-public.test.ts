// The public side of forms end to end: config and views, submissions into contacts (double opt-in and single),
// what a known address can and cannot do, bot checks and limits, and plain HTML posts from a landing page.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { renderToken } from "@/server/services/public-forms/render-token";
import { CLIENT_ADDRESS_HEADER } from "@/server/auth/client-address";
import { makeWorkspace } from "../support/fixtures";
import { fetchConfig, makePublishedForm, reportView, submit } from "../support/public-forms";
import { unpublishForm } from "@/server/services/forms/unpublish-form";
import { archiveForm } from "@/server/services/forms/archive-form";
import { deleteForm } from "@/server/services/forms/delete-form";
import { createForm } from "@/server/services/forms/create-form";
import { updateForm } from "@/server/services/forms/update-form";
import { previewSegment } from "@/server/services/segments/preview-segment";
import { formCounts } from "@/server/services/forms/form-record";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});

const env = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (k.startsWith("FORM_")) delete process.env[k];
  Object.assign(process.env, Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith("FORM_"))));
});

const email = () => `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
const contactOf = (address: string) =>
  db().contact.findFirst({ where: { workspaceId, emailKey: address.toLowerCase() } });
const confirmationsOf = (contactId: string) => db().formConfirmation.count({ where: { contactId } });

describe("public config", () => {
  it("answers a published form with a render token, open to every origin and never cached", async () => {
    const form = await makePublishedForm(workspaceId, { type: "popup", heading: "Join us" });
    const res = await fetchConfig(form.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ id: form.id, type: "popup", heading: "Join us" });
    expect(body.submitUrl).toBe(`http://sendwell.test/api/forms/${form.id}/submissions`);
    expect(body.renderToken).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{16}$/);
    expect(body).not.toHaveProperty("workspaceId");
    expect(body).not.toHaveProperty("tagIds");
  });

  it("is a 404 at once after unpublish, archive or delete, and for drafts and unknown ids", async () => {
    const draft = await createForm({ workspaceId, input: { name: "Draft" } });
    const a = await makePublishedForm(workspaceId);
    const b = await makePublishedForm(workspaceId);
    const c = await makePublishedForm(workspaceId);
    // Submitted to first, so this process holds their definitions: the statement itself still checks the status.
    for (const f of [a, b, c]) expect((await submit(f.id, { email: email() })).status).toBe(200);
    await unpublishForm({ workspaceId, formId: a.id });
    await archiveForm({ workspaceId, formId: b.id });
    await deleteForm({ workspaceId, formId: c.id });
    for (const id of [draft.id, a.id, b.id, c.id, crypto.randomUUID(), "not-a-uuid"]) {
      const res = await fetchConfig(id);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const address = email();
      expect((await submit(id, { email: address })).status).toBe(404);
      expect(await contactOf(address)).toBeNull();
      expect((await reportView(id, crypto.randomUUID())).status).toBe(404);
    }
    // A known address on the now-unpublished (cached) form: rolled back, nothing stored.
    const known = email();
    await db().contact.create({
      data: { workspaceId, email: known, emailKey: known, status: "subscribed", source: "api" },
    });
    const before = await db().formSubmission.count({ where: { formId: a.id } });
    expect((await submit(a.id, { email: known })).status).toBe(404);
    expect(await db().formSubmission.count({ where: { formId: a.id } })).toBe(before);
  });
});

describe("views", () => {
  it("count once per view id, in the form's counter and its day", async () => {
    const form = await makePublishedForm(workspaceId);
    const first = crypto.randomUUID();
    for (const viewId of [first, first, crypto.randomUUID(), first.toUpperCase()]) {
      expect((await reportView(form.id, viewId)).status).toBe(204);
    }
    expect(await formCounts(form.id)).toEqual({ viewsCount: 2, submissionsCount: 0 });
    const [day] = await sql<{ views: number }>(
      `SELECT sum(views)::int AS views FROM "FormDailyStats" WHERE "formId" = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [form.id],
    );
    expect(day?.views).toBe(2);
    const bad = await reportView(form.id, "nope");
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors[0].pointer).toBe("#/viewId");
  });
});

describe("a new address", () => {
  it("with double opt-in: a pending contact, the submission as received, events, and a confirmation owed", async () => {
    const tag = await db().tag.create({
      data: { workspaceId, name: `t-${Date.now()}`, nameKey: `t-${Date.now()}`, color: "#6366f1" },
    });
    const form = await makePublishedForm(workspaceId, {
      tagIds: [tag.id],
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name", required: true },
        { type: "consent", name: "consent", label: "I agree", required: true },
        { type: "hidden", name: "campaign", param: "utm_campaign", value: "none" },
      ],
    });
    const address = email();
    const res = await submit(form.id, {
      email: `  ${address.toUpperCase()} `,
      firstName: "Ada",
      consent: true,
      campaign: "spring",
      somethingElse: "ignored",
      _hp: "",
      _tz: "Europe/Paris",
      _ref: "https://www.google.com/search?q=x",
      _url: "https://shop.example/blog?utm_source=Twitter",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: form.successMessage, redirectUrl: null });

    const contact = (await contactOf(address))!;
    expect(contact).toMatchObject({
      status: "pending",
      firstName: "Ada",
      timezone: "Europe/Paris",
      source: `form:${form.id}`,
    });
    const submission = await db().formSubmission.findFirstOrThrow({ where: { formId: form.id } });
    expect(submission).toMatchObject({
      contactId: contact.id,
      contactEmail: address.toUpperCase(),
      audienceStatus: "pending",
      ipAddress: expect.stringMatching(/^198\.51\.100\./),
      timezone: "Europe/Paris",
      utmSource: "Twitter",
      source: "twitter",
      device: "Mobile",
      data: { email: address.toUpperCase(), firstName: "Ada", consent: true, campaign: "spring" },
    });
    expect(await confirmationsOf(contact.id)).toBe(1);
    expect(await db().contactTag.count({ where: { contactId: contact.id, tagId: tag.id } })).toBe(1);
    const events = await sql<{ type: string; payload: Record<string, unknown> }>(
      `SELECT type, payload FROM "Event" WHERE "workspaceId" = $1 AND payload->>'contactId' = $2 ORDER BY seq`,
      [workspaceId, contact.id],
    );
    expect(events.map((e) => e.type)).toEqual(["contact.created", "contact.tag_added", "form.submitted"]);
    // Names travel with ids in webhook payloads.
    expect(events[1]!.payload).toEqual({ contactId: contact.id, tagId: tag.id, tagName: tag.name });
    expect(events[2]!.payload).toMatchObject({ formId: form.id, formName: "Newsletter", submissionId: submission.id });
    const activity = await db().contactActivity.findFirst({ where: { contactId: contact.id, type: "form.submitted" } });
    expect(activity?.formId).toBe(form.id);
    expect(await formCounts(form.id)).toEqual({ viewsCount: 0, submissionsCount: 1 });
  });

  it("with single opt-in: subscribed at once, nothing to confirm; the time zone only when the form captures it", async () => {
    const form = await makePublishedForm(workspaceId, { doubleOptIn: false, captureTimezone: false });
    const address = email();
    expect((await submit(form.id, { email: address, _tz: "Europe/Paris" })).status).toBe(200);
    const contact = (await contactOf(address))!;
    expect(contact.status).toBe("subscribed");
    expect(contact.timezone).toBeNull();
    expect(await confirmationsOf(contact.id)).toBe(0);
  });

  it("joins segments whose rules ask for this form's sign-ups (submitted_form)", async () => {
    const form = await makePublishedForm(workspaceId, { doubleOptIn: false });
    const rules = {
      match: "all" as const,
      conditions: [{ type: "activity" as const, action: "submitted_form" as const, formId: form.id }],
    };
    expect(await previewSegment({ workspaceId, rules })).toEqual({ contactCount: 0 });
    await submit(form.id, { email: email() });
    await submit(form.id, { email: email() });
    expect(await previewSegment({ workspaceId, rules })).toEqual({ contactCount: 2 });
  });

  it("submitted ten times at once: one contact, ten submissions, one confirmation", async () => {
    const form = await makePublishedForm(workspaceId);
    const address = email();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(form.id, { email: address })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const contacts = await db().contact.findMany({ where: { workspaceId, emailKey: address } });
    expect(contacts).toHaveLength(1);
    expect(await db().formSubmission.count({ where: { formId: form.id } })).toBe(10);
    expect(await confirmationsOf(contacts[0]!.id)).toBe(1);
    expect(await formCounts(form.id)).toEqual({ viewsCount: 0, submissionsCount: 10 });
  });
});

describe("a known address", () => {
  it("gets the same answer, fills only blanks and keeps a subscribed contact subscribed without mail", async () => {
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name", required: false },
        { type: "last_name", name: "lastName", label: "Last name", required: false },
      ],
    });
    const address = email();
    await db().contact.create({
      data: { workspaceId, email: address, emailKey: address, firstName: "Grace", status: "subscribed", source: "api" },
    });
    const res = await submit(form.id, { email: address, firstName: "Mallory", lastName: "Hopper" });
    expect(await res.json()).toEqual({ message: form.successMessage, redirectUrl: null });
    const contact = (await contactOf(address))!;
    expect(contact).toMatchObject({ status: "subscribed", firstName: "Grace", lastName: "Hopper" });
    expect(await confirmationsOf(contact.id)).toBe(0);
    const submission = await db().formSubmission.findFirstOrThrow({ where: { contactId: contact.id } });
    expect(submission.audienceStatus).toBe("subscribed");
  });

  it("never resubscribes an unsubscribed contact without a new confirmation, even on a single opt-in form", async () => {
    const form = await makePublishedForm(workspaceId, { doubleOptIn: false });
    const address = email();
    await db().contact.create({
      data: { workspaceId, email: address, emailKey: address, status: "unsubscribed", source: "api" },
    });
    await submit(form.id, { email: address });
    const contact = (await contactOf(address))!;
    expect(contact.status).toBe("unsubscribed");
    expect(await confirmationsOf(contact.id)).toBe(1);
  });

  it("never mails a bounced or complained address", async () => {
    const form = await makePublishedForm(workspaceId);
    for (const status of ["bounced", "complained"] as const) {
      const address = email();
      await db().contact.create({ data: { workspaceId, email: address, emailKey: address, status, source: "api" } });
      expect((await submit(form.id, { email: address })).status).toBe(200);
      const contact = (await contactOf(address))!;
      expect(contact.status).toBe(status);
      expect(await confirmationsOf(contact.id)).toBe(0);
    }
  });

  it("cannot be mail-bombed: one confirmation per gap, a few per day", async () => {
    const form = await makePublishedForm(workspaceId);
    const address = email();
    for (let i = 0; i < 5; i++) await submit(form.id, { email: address });
    const contact = (await contactOf(address))!;
    expect(await confirmationsOf(contact.id)).toBe(1);
    process.env.FORM_CONFIRMATION_GAP_MS = "0";
    for (let i = 0; i < 5; i++) await submit(form.id, { email: address });
    expect(await confirmationsOf(contact.id)).toBe(3);
    expect(await db().formSubmission.count({ where: { contactId: contact.id } })).toBe(10);
  });
});

describe("bot checks and validation", () => {
  it("refuses a filled honeypot and tokens that are missing, forged, too fresh or a day old, with clear messages", async () => {
    const form = await makePublishedForm(workspaceId);
    const cases: [Record<string, unknown>, string | null | undefined, RegExp][] = [
      [{ _hp: "http://spam.example" }, undefined, /looks automated/],
      [{}, null, /missing its security token/],
      [{}, "zz.AAAAAAAAAAAAAAAA", /not valid/],
      [{}, renderToken(crypto.randomUUID(), Date.now() - 10_000), /not valid/],
      [{}, renderToken(form.id, Date.now() - 500), /faster than a person/],
      [{}, renderToken(form.id, Date.now() - 25 * 3_600_000), /more than a day/],
    ];
    for (const [extra, token, message] of cases) {
      const address = email();
      const res = await submit(form.id, { email: address, ...extra }, { token });
      expect(res.status).toBe(422);
      expect((await res.json()).detail).toMatch(message);
      expect(await contactOf(address)).toBeNull();
    }
  });

  it("points at each bad field", async () => {
    await db().customField.upsert({
      where: { workspaceId_key: { workspaceId, key: "plan" } },
      create: { workspaceId, key: "plan", label: "Plan", type: "select", options: ["free", "pro"] },
      update: {},
    });
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "custom", name: "plan", label: "Plan", required: true },
        { type: "consent", name: "consent", label: "I agree", required: true },
      ],
    });
    // The config tells the browser which input a custom field needs.
    const config = await (await fetchConfig(form.id)).json();
    expect(config.customFields).toEqual({ plan: { type: "select", options: ["free", "pro"] } });
    const res = await submit(form.id, { email: "not-an-email", plan: "gold" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["#/email", "#/plan", "#/consent"]);
    const ok = await submit(form.id, { email: email(), plan: "pro", consent: "on" });
    expect(ok.status).toBe(200);
    for (const body of ["[1]", "nope"]) {
      const raw = await (
        await import("@/app/api/forms/[id]/submissions/route")
      ).POST(new Request(`http://sendwell.test/api/forms/${form.id}/submissions`, { method: "POST", body }), {
        params: Promise.resolve({ id: form.id }),
      });
      expect(raw.status).toBe(400);
    }
  });

  it("never takes a client's own X-Forwarded-For as its address (each would be a fresh limit)", async () => {
    const form = await makePublishedForm(workspaceId);
    const { POST } = await import("@/app/api/forms/[id]/submissions/route");
    const res = await POST(
      new Request(`http://sendwell.test/api/forms/${form.id}/submissions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.55" },
        body: JSON.stringify({ email: email(), _t: renderToken(form.id, Date.now() - 10_000) }),
      }),
      { params: Promise.resolve({ id: form.id }) },
    );
    expect(res.status).toBe(200);
    const submission = await db().formSubmission.findFirstOrThrow({ where: { formId: form.id } });
    expect(submission.ipAddress).toBe(null);
  });

  it("limits submissions per client address and per form, with Retry-After", async () => {
    const form = await makePublishedForm(workspaceId);
    process.env.FORM_RATE_LIMIT_PER_IP = "3";
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await submit(form.id, { email: email() }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await submit(form.id, { email: email() }, { ip });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("access-control-expose-headers")).toContain("Retry-After");
    expect((await limited.json()).detail).toMatch(/too many sign-ups from your network/i);

    const busy = await makePublishedForm(workspaceId);
    process.env.FORM_RATE_LIMIT_PER_FORM = "2";
    const perForm = [];
    for (let i = 0; i < 3; i++) perForm.push((await submit(busy.id, { email: email() })).status);
    expect(perForm).toEqual([200, 200, 429]);
  });
});

describe("hostile input", () => {
  it("never answers 5xx: NUL characters, 100 KB of text, wrong types, nesting, other content types", async () => {
    const form = await makePublishedForm(workspaceId, {
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "first_name", name: "firstName", label: "First name", required: false },
        { type: "checkbox", name: "weekly", label: "Weekly", required: false },
        { type: "hidden", name: "campaign", param: "utm_campaign" },
      ],
    });
    const { POST } = await import("@/app/api/forms/[id]/submissions/route");
    const raw = (body: string, type = "application/json") =>
      POST(
        new Request(`http://sendwell.test/api/forms/${form.id}/submissions`, {
          method: "POST",
          headers: { "content-type": type, [CLIENT_ADDRESS_HEADER]: "192.0.2.77" },
          body,
        }),
        { params: Promise.resolve({ id: form.id }) },
      );
    process.env.FORM_RATE_LIMIT_PER_IP = "1000";
    const token = renderToken(form.id, Date.now() - 10_000);
    const bodies: [string, string?][] = [
      [JSON.stringify({ email: "a\u0000b@example.com", _t: token })],
      [JSON.stringify({ email: "x@example.com", firstName: "nul\u0000", _t: token })],
      [JSON.stringify({ email: "y".repeat(100_000), _t: token })],
      [JSON.stringify({ email: 42, firstName: { a: 1 }, weekly: [true], campaign: ["x"], _t: token })],
      [JSON.stringify({ email: "z@example.com", _t: { nested: [[[]]] }, _tz: 5, _url: {}, _ref: [] })],
      [JSON.stringify({ email: "w@example.com", _hp: ["bot"], _t: token })],
      [JSON.stringify([{ email: "v@example.com" }])],
      ["null"],
      ['{"email": '],
      ["email=u%40example.com&_t=" + encodeURIComponent(token) + "&firstName=%00", "application/x-www-form-urlencoded"],
      ["<xml/>", "text/xml"],
    ];
    for (const [body, type] of bodies) {
      const res = await raw(body, type);
      expect(res.status, body.slice(0, 80)).toBeLessThan(500);
      expect(res.status, body.slice(0, 80)).not.toBe(200);
    }
    // The view and config endpoints too.
    for (const viewId of [null, 5, { a: 1 }, "a\u0000"]) expect((await reportView(form.id, viewId)).status).toBe(422);
    expect((await reportView(form.id, "x".repeat(100_000))).status).toBe(413);
    for (const id of ["\u0000", "x".repeat(10_000), "00000000-0000-0000-0000-000000000000"]) {
      expect((await fetchConfig(id)).status).toBe(404);
    }
  });
});

describe("plain HTML posts (landing page without JavaScript)", () => {
  it("go back to the landing page with ?submitted=1, or a refusal's code and fields (never its text)", async () => {
    const form = await makePublishedForm(workspaceId, { type: "landing_page", name: "Launch list" });
    const slug = (await db().form.findUniqueOrThrow({ where: { id: form.id }, select: { slug: true } })).slug!;
    const ok = await submit(form.id, { email: email(), _hp: "" }, { form: true });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`http://sendwell.test/f/${slug}?submitted=1`);
    const bad = await submit(form.id, { email: "nope" }, { form: true });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(`http://sendwell.test/f/${slug}?error=fields&field=email`);
    const early = await submit(form.id, { email: email() }, { form: true, token: renderToken(form.id) });
    expect(early.headers.get("location")).toBe(`http://sendwell.test/f/${slug}?error=too_fast`);
  });

  it("from a form that is no longer a landing page get the success message, not a link to a page that is gone", async () => {
    const form = await makePublishedForm(workspaceId, { type: "landing_page", name: "Was a page" });
    await updateForm({ workspaceId, formId: form.id, input: { type: "inline" } });
    const ok = await submit(form.id, { email: email() }, { form: true });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe(form.successMessage);
  });

  it("follow the form's redirectUrl when it has one", async () => {
    const form = await makePublishedForm(workspaceId, {
      type: "landing_page",
      redirectUrl: "https://example.com/thanks",
    });
    const ok = await submit(form.id, { email: email() }, { form: true });
    expect(ok.headers.get("location")).toBe("https://example.com/thanks");
  });
});
