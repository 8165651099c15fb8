import { describe, expect, it } from "vitest";
import type { CustomField } from "@/lib/schemas/custom-fields";
import { ZFormDisplay, ZFormStyles, ZUpdateForm, type FormField } from "@/lib/schemas/forms";
import {
  canAdd,
  moveItem,
  newField,
  sameDraft,
  toPreviewConfig,
  toUpdateInput,
  uniqueName,
  type FormDraft,
} from "./form-draft";

const email: FormField = { type: "email", name: "email", label: "Email", placeholder: null, required: true };

function draft(over: Partial<FormDraft> = {}): FormDraft {
  return {
    name: "Newsletter",
    type: "inline",
    heading: null,
    description: null,
    segmentId: null,
    tagIds: [],
    fields: [email],
    styles: ZFormStyles.parse({}),
    display: ZFormDisplay.parse({}),
    successMessage: "Thanks!",
    redirectUrl: null,
    doubleOptIn: true,
    consentStatement: null,
    privacyPolicyUrl: null,
    captureTimezone: true,
    confirmationSubject: null,
    confirmationText: null,
    confirmationRedirectUrl: null,
    landingPageMeta: null,
    ...over,
  };
}

const plan: CustomField = {
  id: "7d0c7a53-8f4e-4c59-9d55-2b0b1f0d3f10",
  workspaceId: "7d0c7a53-8f4e-4c59-9d55-2b0b1f0d3f11",
  key: "plan",
  label: "Plan",
  type: "select",
  options: ["free", "pro"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("toUpdateInput", () => {
  it("turns emptied inputs into null so the update schema accepts them", () => {
    const input = toUpdateInput(
      draft({
        heading: "  ",
        redirectUrl: "",
        privacyPolicyUrl: "",
        confirmationSubject: " ",
        confirmationText: "",
        confirmationRedirectUrl: "",
        fields: [{ ...email, placeholder: "" }, newField([email], "hidden")],
      }),
    );
    expect(input.heading).toBeNull();
    expect(input.redirectUrl).toBeNull();
    expect([input.confirmationSubject, input.confirmationText, input.confirmationRedirectUrl]).toEqual([
      null,
      null,
      null,
    ]);
    expect(input.fields?.[0]).toMatchObject({ placeholder: null });
    expect(ZUpdateForm.safeParse(input).success).toBe(true);
  });

  it("sends a landing page's meta without its emptied parts, and none when the slug was cleared", () => {
    const meta = { slug: "weekly", title: "", description: "", imageUrl: "" };
    const input = toUpdateInput(draft({ type: "landing_page", landingPageMeta: meta }));
    expect(input.landingPageMeta).toEqual({ slug: "weekly", title: null, description: null, imageUrl: null });
    expect(ZUpdateForm.safeParse(input).success).toBe(true);
    const cleared = toUpdateInput(draft({ type: "landing_page", landingPageMeta: { ...meta, slug: "" } }));
    expect(cleared.landingPageMeta).toBeNull();
  });
});

describe("sameDraft", () => {
  it("ignores key order and empty-versus-null, but not a changed colour", () => {
    const a = draft();
    const reordered = { ...a, styles: Object.fromEntries(Object.entries(a.styles).reverse()) } as FormDraft;
    expect(sameDraft(a, { ...reordered, heading: "" })).toBe(true);
    expect(sameDraft(a, draft({ styles: { ...a.styles, buttonColor: "#000000" } }))).toBe(false);
  });
});

describe("moveItem", () => {
  it("moves up, down and clamps at the ends", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    const same = ["a", "b"];
    expect(moveItem(same, 0, -1)).toBe(same);
    expect(moveItem(["a", "b"], 0, 9)).toEqual(["b", "a"]);
  });
});

describe("adding fields", () => {
  it("names new fields uniquely so the form stays valid", () => {
    const one = newField([email], "checkbox");
    const two = newField([email, one], "checkbox");
    expect([one.name, two.name]).toEqual(["checkbox", "checkbox2"]);
    expect(uniqueName([email], "email")).toBe("email2");
    expect(ZUpdateForm.safeParse({ fields: [email, one, two] }).success).toBe(true);
  });

  it("takes a custom field's key, label and select options", () => {
    expect(newField([email], "custom", plan)).toMatchObject({ name: "plan", label: "Plan", options: ["free", "pro"] });
    expect(newField([email], "custom", { ...plan, type: "text", options: [] })).toMatchObject({ options: null });
  });

  it("offers names, consent and each custom field once", () => {
    const first = newField([email], "first_name");
    expect(canAdd([email], "first_name")).toBe(true);
    expect(canAdd([email, first], "first_name")).toBe(false);
    expect(canAdd([email, newField([email], "custom", plan)], "custom", "plan")).toBe(false);
    expect(canAdd([email], "custom")).toBe(false);
    expect(canAdd([email, newField([email], "checkbox")], "checkbox")).toBe(true);
  });

  it("stops at the field limit", () => {
    const many: FormField[] = [email];
    while (canAdd(many, "hidden")) many.push(newField(many, "hidden"));
    expect(many).toHaveLength(30);
    expect(ZUpdateForm.safeParse({ fields: many }).success).toBe(true);
  });
});

describe("toPreviewConfig", () => {
  it("renders the draft without network URLs or a redirect", () => {
    const config = toPreviewConfig("id", draft({ redirectUrl: "https://example.com", heading: "" }));
    expect(config).toMatchObject({ id: "id", redirectUrl: null, heading: null, submitUrl: "", viewUrl: "" });
  });
});
