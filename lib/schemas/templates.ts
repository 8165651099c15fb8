// Broadcast templates: a saved design (content only, never sender or audience) that a new broadcast starts from.
// The content is parsed with the same block schema as a broadcast, so a template always renders.
import { z } from "zod";
import { ZUuid, text } from "./common";
import { ZBlocks, ZFooterStyles, ZTheme, type Block, type FooterStyles, type Theme } from "./blocks";

import { TEMPLATE_NAME_MAX } from "./template-constants";

export { TEMPLATE_NAME_MAX, templatePreviewPath } from "./template-constants";
const CONTENT_TEXT_MAX = 500;

const ZTemplateName = text(TEMPLATE_NAME_MAX);
const optionalText = z
  .string()
  .trim()
  .max(CONTENT_TEXT_MAX, `At most ${CONTENT_TEXT_MAX} characters.`)
  .nullish()
  // An emptied field means "none", as in the broadcast's own fields.
  .transform((v) => v || null);

export const ZSaveTemplate = z.strictObject({
  name: ZTemplateName,
  subject: optionalText,
  previewText: optionalText,
  blocks: ZBlocks,
  theme: ZTheme,
  footerStyles: ZFooterStyles,
});
export type SaveTemplate = z.output<typeof ZSaveTemplate>;

export const ZRenameTemplate = z.strictObject({ id: ZUuid, name: ZTemplateName });

export const BUILT_IN_TEMPLATE_IDS = ["newsletter", "announcement", "welcome"] as const;
export type BuiltInTemplateId = (typeof BUILT_IN_TEMPLATE_IDS)[number];

/** Where a new broadcast's content comes from. */
export const ZTemplateSource = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("blank") }),
  z.strictObject({ kind: z.literal("builtIn"), id: z.enum(BUILT_IN_TEMPLATE_IDS) }),
  z.strictObject({ kind: z.literal("saved"), templateId: ZUuid }),
]);
export type TemplateSource = z.output<typeof ZTemplateSource>;

/** The path of a template's thumbnail (/api/dashboard/template-previews/<kind>/<id>) as a source. */
export const ZTemplatePreviewParams = z
  .object({ kind: z.enum(["builtIn", "saved"]), id: z.string() })
  .transform((p): unknown => (p.kind === "builtIn" ? { kind: p.kind, id: p.id } : { kind: p.kind, templateId: p.id }))
  .pipe(ZTemplateSource);

/** A saved template as the dashboard reads it. */
export type SavedTemplate = {
  id: string;
  name: string;
  subject: string | null;
  previewText: string | null;
  blocks: Block[];
  theme: Theme;
  footerStyles: FooterStyles;
  createdAt: string;
  updatedAt: string;
};

/** What the start page lists: no content (each thumbnail loads its own rendering). */
export type TemplateSummary = Pick<SavedTemplate, "id" | "name" | "subject" | "theme" | "createdAt" | "updatedAt">;
