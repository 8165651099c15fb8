// The form builder's contract with the forms services, against the real database: a draft edited with the builder's
// own moves (features/form-builder/model/form-draft.ts) saves through the update action's parse and the update service and
// comes back as drafted, and every refusal lands at the key of the input that shows it (form-errors.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZUpdateForm, type Form, type FormField } from "@/lib/schemas/forms";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { parseActionInput } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";
import { createTag } from "@/server/services/tags/create-tag";
import { archiveForm } from "@/server/services/forms/archive-form";
import { createForm } from "@/server/services/forms/create-form";
import { updateForm } from "@/server/services/forms/update-form";
import {
  draftOf,
  moveItem,
  newField,
  sameDraft,
  toUpdateInput,
  type AddableFieldType,
  type FormDraft,
} from "@/features/form-builder/model/form-draft";
import { pointerMap, type PointerErrors } from "@/features/form-builder/model/form-errors";
import { makeWorkspace } from "../support/fixtures";

// The schema of updateFormAction (features/form-builder/actions/builder-actions.ts; a "use server" file exports only actions).
const ZUpdateAction = z.object({ id: ZUuid, input: ZUpdateForm });

let workspaceId: string;
let plan: CustomField;
let tagId: string;

beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
  plan = await createCustomField({
    workspaceId,
    input: { key: "plan", label: "Plan", type: "select", options: ["free", "pro", "team"] },
  });
  tagId = (await createTag({ workspaceId, input: { name: "Gardeners" } })).id;
});

/** newField's answer narrowed to the type asked for, so a test can set that type's own keys. */
function field<T extends FormField["type"]>(fields: FormField[], type: T & AddableFieldType, custom?: CustomField) {
  const made = newField(fields, type, custom);
  if (made.type !== type) throw new Error(`newField made a ${made.type}`);
  return made as Extract<FormField, { type: T }>;
}

/** Save as the builder does: the action's parse, then the service; a refusal as the panels' error keys. */
async function save(form: Form, draft: FormDraft): Promise<{ form: Form } | { errors: PointerErrors; code: string }> {
  const parsed = parseActionInput(ZUpdateAction, { id: form.id, input: toUpdateInput(draft) });
  if (!parsed.ok) return { errors: pointerMap(parsed.fieldErrors), code: "VALIDATION" };
  try {
    return { form: await updateForm({ workspaceId, formId: form.id, input: parsed.data.input }) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { errors: pointerMap(error.errors ?? []), code: error.code };
  }
}

async function saved(form: Form, draft: FormDraft): Promise<Form> {
  const result = await save(form, draft);
  if (!("form" in result)) throw new Error(`Refused: ${JSON.stringify(result)}`);
  return result.form;
}

describe("saving a builder draft", () => {
  it("stores every kind of field, the order, styles and display, and reads back as the same draft", async () => {
    const form = await createForm({ workspaceId, input: { name: "Garden popup", type: "popup" } });
    let draft = draftOf(form);
    let fields = [...draft.fields, newField(draft.fields, "first_name")];
    fields = [...fields, { ...field(fields, "custom", plan), options: ["pro", "team"], required: true }];
    fields = [...fields, { ...field(fields, "checkbox"), label: "Tips by email", tagId }];
    fields = [...fields, newField(fields, "consent"), newField(fields, "hidden")];
    draft = {
      ...draft,
      fields: moveItem(fields, 1, 0),
      heading: "Join the garden club",
      description: "",
      styles: { ...draft.styles, buttonColor: "#e11d48", buttonText: "Count me in", layout: "inline" },
      display: { ...draft.display, delaySeconds: 0, scrollPercent: 40, exitIntent: true, frequencyDays: 0 },
      redirectUrl: "",
      tagIds: [tagId],
    };

    const stored = await saved(form, draft);
    expect(stored.fields.map((f) => f.type)).toEqual([
      "first_name",
      "email",
      "custom",
      "checkbox",
      "consent",
      "hidden",
    ]);
    expect(stored.fields[2]).toMatchObject({ name: "plan", options: ["pro", "team"], required: true });
    expect(stored).toMatchObject({ heading: "Join the garden club", description: null, redirectUrl: null });
    expect(stored.styles).toMatchObject({ buttonColor: "#e11d48", layout: "inline" });
    // Nothing left unsaved: the builder's dirty check agrees with what the server stored.
    expect(sameDraft(draftOf(stored), draft)).toBe(true);
  });

  it("clears a landing page's slug input and gets one made from the name", async () => {
    const form = await createForm({ workspaceId, input: { name: "Seed swap", type: "landing_page" } });
    const slug = form.landingPageMeta?.slug ?? "";
    expect(slug).toMatch(/^seed-swap/);
    const draft = draftOf(form);
    const stored = await saved(form, {
      ...draft,
      landingPageMeta: { slug: "", title: "Swap seeds", description: "", imageUrl: "" },
    });
    expect(stored.landingPageMeta?.slug).toMatch(/^seed-swap/);
  });
});

describe("a refused save points at the builder's inputs", () => {
  it("keys the action's own validation by the field's place in the list", async () => {
    const form = await createForm({ workspaceId, input: { name: "Bad values" } });
    const draft = draftOf(form);
    const hidden = { ...field(draft.fields, "hidden"), param: "not a param!" };
    const result = await save(form, {
      ...draft,
      fields: [...draft.fields, hidden],
      styles: { ...draft.styles, buttonColor: "red" },
      redirectUrl: "not a url",
    });
    expect(result).toMatchObject({ code: "VALIDATION" });
    const errors = "errors" in result ? result.errors : {};
    expect(Object.keys(errors).sort()).toEqual(["fields/1/param", "redirectUrl", "styles/buttonColor"]);
  });

  it("keys the service's reference checks the same way", async () => {
    const form = await createForm({ workspaceId, input: { name: "Bad references" } });
    const draft = draftOf(form);
    const gone = { ...field(draft.fields, "custom", { ...plan, key: "no_such_field" }), options: null };
    const checkbox = { ...field(draft.fields, "checkbox"), tagId: "99999999-9999-4999-8999-999999999999" };
    const result = await save(form, { ...draft, fields: [...draft.fields, gone, checkbox] });
    expect(result).toMatchObject({ code: "VALIDATION" });
    const errors = "errors" in result ? result.errors : {};
    expect(Object.keys(errors).sort()).toEqual(["fields/1/name", "fields/2/tagId"]);
  });

  it("shows a landing page's taken address at the slug input", async () => {
    const form = await createForm({ workspaceId, input: { name: "Mine", type: "landing_page" } });
    const taken = await createForm({ workspaceId, input: { name: "Theirs", type: "landing_page" } });
    const draft = draftOf(form);
    const slug = taken.landingPageMeta?.slug ?? "";
    const result = await save(form, {
      ...draft,
      landingPageMeta: { slug, title: null, description: null, imageUrl: null },
    });
    expect(result).toMatchObject({ code: "VALIDATION" });
    expect(Object.keys("errors" in result ? result.errors : {})).toEqual(["landingPageMeta/slug"]);
  });

  it("says an archived form must be unarchived first", async () => {
    const form = await createForm({ workspaceId, input: { name: "Old" } });
    await archiveForm({ workspaceId, formId: form.id });
    const result = await save(form, { ...draftOf(form), heading: "New" });
    expect(result).toMatchObject({ code: "CONFLICT" });
  });
});
