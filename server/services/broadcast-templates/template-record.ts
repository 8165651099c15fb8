// The one mapping from a BroadcastTemplate row to what the dashboard reads, and the error every template operation
// answers for an id that is not the workspace's.
import { AppError } from "@/server/errors";
import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";
import { ZTheme } from "@/lib/schemas/blocks";
import type { SavedTemplate } from "@/lib/schemas/templates";

export const templateSelect = {
  id: true,
  name: true,
  subject: true,
  previewText: true,
  blocks: true,
  theme: true,
  footerStyles: true,
  createdAt: true,
  updatedAt: true,
} as const;

type TemplateRow = {
  id: string;
  name: string;
  subject: string | null;
  previewText: string | null;
  blocks: unknown;
  theme: string;
  footerStyles: unknown;
  createdAt: Date;
  updatedAt: Date;
};

// The JSON columns were parsed with the block schema when written (createTemplate), so they are read as stored.
export function toSavedTemplate(row: TemplateRow): SavedTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    previewText: row.previewText,
    blocks: Array.isArray(row.blocks) ? (row.blocks as Block[]) : [],
    theme: ZTheme.catch("default").parse(row.theme) as Theme,
    footerStyles: row.footerStyles && typeof row.footerStyles === "object" ? (row.footerStyles as FooterStyles) : {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const templateNotFound = () => new AppError("NOT_FOUND", "Template not found");
