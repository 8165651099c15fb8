// A submission is checked against a form definition the web process may have kept from an earlier request
// (public-form.ts). Another web process (here: SQL straight on the database, which is all another process would do)
// unpublishes or edits the form, or changes a custom field it uses: the next submission must see that at once,
// whether it would be stored or refused.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import type { FormField } from "@/lib/schemas/forms";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm, submit } from "../support/public-forms";

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});

const email = () => `kept-${crypto.randomUUID().slice(0, 8)}@example.com`;
const contactOf = (address: string) =>
  db().contact.findFirst({ where: { workspaceId, emailKey: address.toLowerCase() } });
const EMAIL: FormField = { type: "email", name: "email", label: "Email", required: true };
const FIRST: FormField = { type: "first_name", name: "firstName", label: "First name", required: false };

/** A published form this process has just taken a submission for, so its definition is kept. */
async function keptForm(fields: FormField[]) {
  const form = await makePublishedForm(workspaceId, { fields });
  expect((await submit(form.id, { email: email(), firstName: "Ann", age: "41" })).status).toBe(200);
  return form;
}

/** The form's fields changed the way another process's edit would (a plain UPDATE of the row). */
const setFields = (formId: string, fields: FormField[]) =>
  sql(`UPDATE "Form" SET fields = $2::jsonb, "updatedAt" = now() WHERE id = $1::uuid`, [
    formId,
    JSON.stringify(fields),
  ]);

describe("a kept form definition", () => {
  it("unpublished elsewhere: the next submission is a 404, also one that would have been refused", async () => {
    const form = await keptForm([EMAIL, FIRST]);
    await sql(`UPDATE "Form" SET status = 'draft' WHERE id = $1::uuid`, [form.id]);
    const address = email();
    expect((await submit(form.id, { email: address })).status).toBe(404);
    expect(await contactOf(address)).toBeNull();
    // Refused on the kept copy (no email, a filled honeypot): still a 404, the form is gone.
    expect((await submit(form.id, {})).status).toBe(404);
    expect((await submit(form.id, { email: email(), _hp: "bot" })).status).toBe(404);
  });

  it("deleted elsewhere: a refusal is a 404 too", async () => {
    const form = await keptForm([EMAIL, FIRST]);
    await sql(`UPDATE "Form" SET "deletedAt" = now() WHERE id = $1::uuid`, [form.id]);
    expect((await submit(form.id, { email: "not-an-address" })).status).toBe(404);
  });

  it("edited elsewhere to require a field: a submission without it is refused, nothing stored", async () => {
    const form = await keptForm([EMAIL, FIRST]);
    await setFields(form.id, [EMAIL, { ...FIRST, required: true }]);
    const address = email();
    const res = await submit(form.id, { email: address });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ pointer: "#/firstName", detail: "Enter your first name." }]);
    expect(await contactOf(address)).toBeNull();
  });

  it("edited elsewhere to drop a requirement: a submission refused on the kept copy is accepted", async () => {
    const form = await keptForm([EMAIL, { ...FIRST, required: true }]);
    await setFields(form.id, [EMAIL, FIRST]);
    const address = email();
    expect((await submit(form.id, { email: address })).status).toBe(200);
    expect(await contactOf(address)).toMatchObject({ status: "pending", firstName: null });
  });

  it("edited elsewhere: a known address's submission is stored under the new definition", async () => {
    const form = await keptForm([EMAIL, FIRST]);
    const known = email();
    await db().contact.create({
      data: { workspaceId, email: known, emailKey: known, status: "subscribed", source: "api" },
    });
    const hidden: FormField = { type: "hidden", name: "campaign", value: "spring" };
    await setFields(form.id, [EMAIL, FIRST, hidden]);
    expect((await submit(form.id, { email: known, firstName: "Kim" })).status).toBe(200);
    expect(await contactOf(known)).toMatchObject({ firstName: "Kim", status: "subscribed" });
    const [stored] = await db().formSubmission.findMany({ where: { formId: form.id, contactEmail: known } });
    expect(stored?.data).toEqual({ email: known, firstName: "Kim", campaign: "spring" });
  });

  it("whose custom field changed elsewhere: the value is checked against the field's current definition", async () => {
    const key = `age_${crypto.randomUUID().slice(0, 6)}`;
    await db().customField.create({ data: { workspaceId, key, label: "Age", type: "text" } });
    const age: FormField = { type: "custom", name: key, label: "Age", required: false };
    const form = await keptForm([EMAIL, age]);
    const first = email();
    expect((await submit(form.id, { email: first, [key]: "forty" })).status).toBe(200);
    expect((await contactOf(first))?.fields).toEqual({ [key]: "forty" });

    // Now a number: "forty" is refused, 41 is stored as a number.
    await sql(`UPDATE "CustomField" SET type = 'number' WHERE "workspaceId" = $1::uuid AND key = $2`, [
      workspaceId,
      key,
    ]);
    const res = await submit(form.id, { email: email(), [key]: "forty" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.map((e: { pointer: string }) => e.pointer)).toEqual([`#/${key}`]);
    const second = email();
    expect((await submit(form.id, { email: second, [key]: "41" })).status).toBe(200);
    expect((await contactOf(second))?.fields).toEqual({ [key]: 41 });

    // Deleted: the value is kept in the submission only, not on the contact.
    await sql(`DELETE FROM "CustomField" WHERE "workspaceId" = $1::uuid AND key = $2`, [workspaceId, key]);
    const third = email();
    expect((await submit(form.id, { email: third, [key]: "42" })).status).toBe(200);
    expect((await contactOf(third))?.fields).toEqual({});
    const [stored] = await db().formSubmission.findMany({ where: { formId: form.id, contactEmail: third } });
    expect(stored?.data).toMatchObject({ [key]: "42" });

    // Created again under the same key: values go to the contact again.
    await db().customField.create({ data: { workspaceId, key, label: "Age", type: "number" } });
    const fourth = email();
    expect((await submit(form.id, { email: fourth, [key]: "43" })).status).toBe(200);
    expect((await contactOf(fourth))?.fields).toEqual({ [key]: 43 });
  });
});
