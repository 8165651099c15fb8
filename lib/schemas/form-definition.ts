// What a form is made of: its fields, styles, how it appears (display) and its landing page. One definition read by
// the API (validation + OpenAPI), the public endpoints (submission checks), the embed script's config, the landing
// page and the dashboard builder. Which custom-field keys and tag ids exist is checked by the service.
import { z } from "zod";
import { ZUuid } from "./common";

export const FORM_TYPES = ["inline", "popup", "landing_page", "sticky_bar", "slide_in"] as const;
export const FORM_STATUSES = ["draft", "published", "archived"] as const;
export const FORM_FIELD_TYPES = [
  "email",
  "first_name",
  "last_name",
  "custom",
  "checkbox",
  "consent",
  "hidden",
] as const;
export const FORM_FONTS = ["system", "sans", "serif", "mono", "rounded"] as const;
export const SLIDE_IN_CORNERS = ["bottom_right", "bottom_left", "top_right", "top_left"] as const;
export const MAX_FORM_FIELDS = 30;

/** Names the submitted values are keyed by; the reserved `_…` names are the embed's (honeypot, render token). */
export const FIELD_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,49}$/;

export const ZHexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Must be a hex colour of the form #rrggbb.")
  .overwrite((c) => c.toLowerCase())
  .meta({ example: "#4f46e5" });

/** An absolute http(s) URL (redirects, privacy policy, landing-page image). */
export const ZWebUrl = z
  .string()
  .trim()
  .max(2000, "At most 2000 characters.")
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const protocol = new URL(v).protocol;
    return protocol === "https:" || protocol === "http:";
  }, "Must be an absolute http(s) URL.")
  .meta({ example: "https://example.com/thanks" });

const label = z.string().trim().min(1, "Must not be empty.").max(300, "At most 300 characters.");
const placeholder = z.string().trim().max(200, "At most 200 characters.").nullish();
const ZFieldName = z.string().regex(FIELD_NAME, "1 to 50 letters, digits or _, starting with a letter.");

const ZEmailField = z
  .strictObject({
    type: z.literal("email"),
    name: z.literal("email").default("email"),
    label: label.default("Email"),
    placeholder,
    required: z.literal(true).default(true).meta({ description: "The email field is always required" }),
  })
  .meta({ id: "FormEmailField" });

const ZNameField = <T extends "first_name" | "last_name">(type: T, name: string, defaultLabel: string) =>
  z.strictObject({
    type: z.literal(type),
    name: z.literal(name).default(name),
    label: label.default(defaultLabel),
    placeholder,
    required: z.boolean().default(false),
  });

const ZCustomField = z
  .strictObject({
    type: z.literal("custom"),
    name: ZFieldName.meta({ description: "The custom field's key: the value is stored in the contact's fields" }),
    label,
    placeholder,
    required: z.boolean().default(false),
    options: z
      .array(z.string().trim().min(1).max(200))
      .min(1)
      .max(100)
      .nullish()
      .meta({ description: "For select custom fields: the choices offered (a subset of the field's options)" }),
  })
  .meta({ id: "FormCustomField" });

const ZCheckboxField = z
  .strictObject({
    type: z.literal("checkbox"),
    name: ZFieldName,
    label,
    required: z.boolean().default(false),
    tagId: ZUuid.nullish().meta({ description: "A tag given to the contact when the box is ticked" }),
  })
  .meta({ id: "FormCheckboxField" });

const ZConsentField = z
  .strictObject({
    type: z.literal("consent"),
    name: ZFieldName.default("consent"),
    label: label.meta({ description: "The consent text next to the box (links allowed as markdown [label](url))" }),
    required: z.literal(true).default(true).meta({ description: "Consent must be given to submit" }),
  })
  .meta({ id: "FormConsentField" });

const ZHiddenField = z
  .strictObject({
    type: z.literal("hidden"),
    name: ZFieldName,
    param: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, "1 to 64 letters, digits, _, . or -.")
      .nullish()
      .meta({ description: "URL query parameter of the host page the value is read from (e.g. utm_campaign)" }),
    value: z.string().max(500).nullish().meta({ description: "Value used when the URL has none" }),
    customField: ZFieldName.nullish().meta({ description: "A custom-field key the value is stored in" }),
  })
  .meta({ id: "FormHiddenField" });

export const ZFormField = z
  .discriminatedUnion(
    "type",
    [
      ZEmailField,
      ZNameField("first_name", "firstName", "First name").meta({ id: "FormFirstNameField" }),
      ZNameField("last_name", "lastName", "Last name").meta({ id: "FormLastNameField" }),
      ZCustomField,
      ZCheckboxField,
      ZConsentField,
      ZHiddenField,
    ],
    { error: () => `Must be a field of type ${FORM_FIELD_TYPES.join(", ")}.` },
  )
  .meta({ id: "FormField" });

export const ZFormFields = z
  .array(ZFormField)
  .min(1, "A form needs its email field.")
  .max(MAX_FORM_FIELDS, `At most ${MAX_FORM_FIELDS} fields.`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: "Field names must be unique." });
      seen.add(f.name);
    });
    // An empty list already failed min(1) with the same message's gist: one error, not two.
    if (fields.length > 0 && !fields.some((f) => f.type === "email"))
      ctx.addIssue({ code: "custom", message: "A form needs exactly one field of type email." });
  })
  .meta({
    description:
      "The inputs in display order. Exactly one `email` field; `first_name`/`last_name` fill the contact's name; " +
      "`custom` fields store into the custom field whose key is `name`; `checkbox` may tag the contact; `consent` " +
      "must be ticked; `hidden` fields take their value from the host page's URL (`param`) or a fixed `value`.",
    example: [
      { type: "email", name: "email", label: "Email", placeholder: "you@example.com", required: true },
      { type: "first_name", name: "firstName", label: "First name", required: false },
    ],
  });

export const ZFormStyles = z
  .strictObject({
    backgroundColor: ZHexColor.default("#ffffff"),
    textColor: ZHexColor.default("#111827"),
    buttonColor: ZHexColor.default("#4f46e5"),
    buttonTextColor: ZHexColor.default("#ffffff"),
    inputBorderColor: ZHexColor.default("#d1d5db"),
    fontFamily: z.enum(FORM_FONTS).default("system"),
    fontSize: z.int().min(12).max(22).default(16).meta({ description: "Base font size in px" }),
    borderRadius: z.int().min(0).max(32).default(8).meta({ description: "Corner radius in px" }),
    buttonText: z.string().trim().min(1).max(60).default("Subscribe"),
    layout: z
      .enum(["stacked", "inline"])
      .default("stacked")
      .meta({ description: "`inline`: fields and button in one row where the width allows" }),
    maxWidth: z.int().min(240).max(1200).default(480).meta({ description: "Width of the form in px (at most)" }),
  })
  .meta({ id: "FormStyles", description: "Unset keys take their defaults; the answer always shows every key." });

export const ZFormDisplay = z
  .strictObject({
    delaySeconds: z
      .int()
      .min(0)
      .max(600)
      .default(5)
      .meta({ description: "Popup / slide-in: seconds after the page loads (0: at once)" }),
    scrollPercent: z
      .int()
      .min(0)
      .max(100)
      .nullish()
      .meta({ description: "Popup / slide-in: show once the visitor scrolled this far (instead of the delay)" }),
    exitIntent: z.boolean().default(false).meta({ description: "Popup: also show when the pointer leaves the page" }),
    frequencyDays: z
      .int()
      .min(0)
      .max(365)
      .default(7)
      .meta({ description: "Popup / slide-in / sticky bar: days before showing again after a close (0: every visit)" }),
    position: z.enum(["top", "bottom"]).default("bottom").meta({ description: "Sticky bar: top or bottom" }),
    corner: z.enum(SLIDE_IN_CORNERS).default("bottom_right").meta({ description: "Slide-in: the corner" }),
  })
  .meta({
    id: "FormDisplay",
    description: "How popups, sticky bars and slide-ins appear (ignored by inline forms and landing pages).",
  });

export const LANDING_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

export const ZLandingPageMeta = z
  .strictObject({
    slug: z
      .string()
      .regex(LANDING_SLUG, "1 to 80 lowercase letters, digits or hyphens (not at either end).")
      .meta({ description: "The page lives at /f/<slug>; unique across the installation", example: "weekly-notes" }),
    title: z.string().trim().min(1).max(200).nullish().meta({ description: "<title> and og:title" }),
    description: z.string().trim().max(500).nullish().meta({ description: "Meta and og:description" }),
    imageUrl: ZWebUrl.nullish().meta({ description: "og:image, also shown above the form" }),
  })
  .meta({ id: "FormLandingPageMeta" });

export type FormField = z.output<typeof ZFormField>;
export type FormStyles = z.output<typeof ZFormStyles>;
export type FormDisplay = z.output<typeof ZFormDisplay>;
export type LandingPageMeta = z.output<typeof ZLandingPageMeta>;
export type FormType = (typeof FORM_TYPES)[number];
export type FormStatus = (typeof FORM_STATUSES)[number];
