// The submission statement comes in variants (submit-sql.ts): new or known contact, with or without tags to give.
// Each writes the same records a submission always wrote: the contact, its tags, the submission, the Event log in
// order, the timeline, the confirmation owed and the day's counter.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { formCounts } from "@/server/services/forms/form-record";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm, submit } from "../support/public-forms";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});

const email = () => `variant-${crypto.randomUUID().slice(0, 8)}@example.com`;
const contactOf = (address: string) =>
  db().contact.findFirstOrThrow({ where: { workspaceId, emailKey: address.toLowerCase() } });
const eventsOf = (contactId: string) =>
  sql<{ type: string; payload: Record<string, unknown> }>(
    `SELECT type, payload FROM "Event" WHERE "workspaceId" = $1 AND payload->>'contactId' = $2 ORDER BY seq`,
    [workspaceId, contactId],
  );
const activitiesOf = async (contactId: string) =>
  (await db().contactActivity.findMany({ where: { contactId }, orderBy: { seq: "asc" } })).map((a) => a.type);
const newTag = (name: string) => db().tag.create({ data: { workspaceId, name, nameKey: name, color: "#6366f1" } });

describe("a submission without tags to give", () => {
  it("writes the contact, the submission, its events and timeline, the confirmation and the counter", async () => {
    const form = await makePublishedForm(workspaceId);
    const address = email();
    expect((await submit(form.id, { email: address })).status).toBe(200);
    const contact = await contactOf(address);
    expect(contact.status).toBe("pending");
    expect(await db().contactTag.count({ where: { contactId: contact.id } })).toBe(0);
    const submission = await db().formSubmission.findFirstOrThrow({ where: { formId: form.id } });
    expect(submission.contactId).toBe(contact.id);
    const events = await eventsOf(contact.id);
    expect(events.map((e) => e.type)).toEqual(["contact.created", "form.submitted"]);
    expect(events[1]!.payload).toMatchObject({ formId: form.id, submissionId: submission.id, email: address });
    expect(await activitiesOf(contact.id)).toEqual(["form.submitted"]);
    expect(await db().formConfirmation.count({ where: { contactId: contact.id } })).toBe(1);
    expect(await formCounts(form.id)).toEqual({ viewsCount: 0, submissionsCount: 1 });
  });

  it("of a known address records the submission and its events without tags", async () => {
    const form = await makePublishedForm(workspaceId, { doubleOptIn: false });
    const known = email();
    const contact = await db().contact.create({
      data: { workspaceId, email: known, emailKey: known, status: "subscribed", source: "api" },
    });
    expect((await submit(form.id, { email: known })).status).toBe(200);
    expect((await eventsOf(contact.id)).map((e) => e.type)).toEqual(["form.submitted"]);
    expect(await activitiesOf(contact.id)).toEqual(["form.submitted"]);
    expect(await db().contactTag.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await formCounts(form.id)).toEqual({ viewsCount: 0, submissionsCount: 1 });
  });
});

describe("a submission with tags to give", () => {
  it("of a known address: the form's tag and a ticked box's tag, each added once with its event", async () => {
    const formTag = await newTag(`form-${Date.now()}`);
    const boxTag = await newTag(`box-${Date.now()}`);
    const form = await makePublishedForm(workspaceId, {
      doubleOptIn: false,
      tagIds: [formTag.id],
      fields: [
        { type: "email", name: "email", label: "Email", required: true },
        { type: "checkbox", name: "news", label: "News", required: false, tagId: boxTag.id },
      ],
    });
    const known = email();
    const contact = await db().contact.create({
      data: { workspaceId, email: known, emailKey: known, status: "subscribed", source: "api" },
    });
    expect((await submit(form.id, { email: known, news: "on" })).status).toBe(200);
    const tags = await db().contactTag.findMany({ where: { contactId: contact.id } });
    expect(tags.map((t) => t.tagId).sort()).toEqual([formTag.id, boxTag.id].sort());
    const events = await eventsOf(contact.id);
    expect(events.map((e) => e.type)).toEqual(["contact.tag_added", "contact.tag_added", "form.submitted"]);
    expect(
      events
        .slice(0, 2)
        .map((e) => e.payload.tagName)
        .sort(),
    ).toEqual([formTag.name, boxTag.name].sort());
    // Again: the tags are there already, so no tag events this time.
    expect((await submit(form.id, { email: known, news: "on" })).status).toBe(200);
    expect((await eventsOf(contact.id)).map((e) => e.type)).toEqual([
      "contact.tag_added",
      "contact.tag_added",
      "form.submitted",
      "form.submitted",
    ]);
  });
});
