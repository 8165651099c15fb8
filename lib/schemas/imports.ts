// Shapes of CSV imports (dashboard routes under /api/dashboard/imports) shared by the server and the dashboard UI.
import { z } from "zod";
import { text, ZTimestamp, ZUuid } from "./common";
import { TAG_NAME_MAX } from "./tag-constants";
import { ZListContactsQuery } from "./contacts";
import { IMPORT_ENCODINGS } from "@/lib/csv/text-encoding";

/** How the file's bytes are decoded (WHATWG labels): detected at upload, another can be picked in the preview. */
export const ZImportEncoding = z.enum(IMPORT_ENCODINGS);

export const IMPORT_ATTRIBUTES = ["email", "firstName", "lastName", "timezone", "status", "tags"] as const;
export type ImportAttribute = (typeof IMPORT_ATTRIBUTES)[number];

/** How the mapping step names each attribute. */
export const IMPORT_ATTRIBUTE_LABELS: Record<ImportAttribute, string> = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  timezone: "Time zone",
  status: "Status (subscribed or not)",
  tags: "Tags (per row)",
};

/**
 * What a CSV column fills: a contact attribute, a custom field (`field:<key>`), or nothing (`null`). `status`:
 * subscribed/unsubscribed in common spellings (yes/no, true/false, opted in/out, 1/0); `tags`: tag names separated
 * by commas or semicolons, added on top of the import's tags (missing tags are created).
 */
export const ZImportTarget = z.union([
  z.enum(IMPORT_ATTRIBUTES),
  z.templateLiteral(["field:", z.string().min(1).max(100)]),
]);
export type ImportTarget = z.output<typeof ZImportTarget>;

/** CSV header (as returned by the upload, made unique) → target. Headers left out are not imported. */
export const ZImportMapping = z.record(z.string().max(500), ZImportTarget.nullable());
export type ImportMapping = z.output<typeof ZImportMapping>;

export const ZStartImport = z
  .strictObject({
    mapping: ZImportMapping,
    tagIds: z.array(ZUuid).max(100).default([]),
    /**
     * Tags named in the wizard that do not exist yet: created (or found, ignoring case) in the transaction that
     * starts the import, then applied like tagIds.
     */
    newTagNames: z.array(text(TAG_NAME_MAX)).max(20, "At most 20 new tags.").optional(),
    updateExisting: z.boolean().default(true),
    /** The encoding picked in the preview; without it the one detected at upload stays. */
    encoding: ZImportEncoding.optional(),
  })
  .superRefine((input, ctx) => {
    const targets = Object.values(input.mapping).filter((t): t is ImportTarget => t !== null);
    if (targets.filter((t) => t === "email").length !== 1) {
      ctx.addIssue({ code: "custom", path: ["mapping"], message: "Map exactly one column to email." });
    }
    const repeated = targets.find((t, i) => targets.indexOf(t) !== i && t !== "email");
    if (repeated) {
      ctx.addIssue({ code: "custom", path: ["mapping"], message: `Map at most one column to ${repeated}.` });
    }
  });
export type StartImport = z.output<typeof ZStartImport>;

export const ZUploadImportQuery = z.object({
  filename: z.string().trim().min(1).max(255).default("contacts.csv"),
});

export const ZImportStatus = z.enum(["uploaded", "queued", "running", "completed", "failed"]);
export type ImportStatus = z.output<typeof ZImportStatus>;

export const ZImport = z.object({
  id: ZUuid,
  filename: z.string(),
  sizeBytes: z.int().nonnegative(),
  status: ZImportStatus,
  mapping: ZImportMapping.nullable(),
  tagIds: z.array(ZUuid),
  updateExisting: z.boolean(),
  /** Data rows in the file (header and blank lines excluded); known once the upload has finished. */
  totalRows: z.int().nonnegative().nullable(),
  processedRows: z.int().nonnegative(),
  /** 0–100, for the progress bar. */
  percent: z.int().min(0).max(100),
  createdCount: z.int().nonnegative(),
  updatedCount: z.int().nonnegative(),
  skippedCount: z.int().nonnegative(),
  invalidCount: z.int().nonnegative(),
  /** Rows whose email an earlier row of the file had: merged into it or skipped (the report says which, per line). */
  duplicateCount: z.int().nonnegative(),
  /** Rows imported without one or more invalid optional values (each named, per line, in the report). */
  warningCount: z.int().nonnegative(),
  encoding: ZImportEncoding,
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: ZTimestamp,
  startedAt: ZTimestamp.nullable(),
  finishedAt: ZTimestamp.nullable(),
});
export type Import = z.output<typeof ZImport>;

/** One line of an import's report: refused (invalid), imported without some values (warning), or a repeat. */
export const ZImportReportLine = z.object({
  line: z.int().positive(),
  email: z.string().nullable(),
  outcome: z.enum(["invalid", "warning", "duplicate"]),
  message: z.string(),
});
export type ImportReportLine = z.output<typeof ZImportReportLine>;

/** Lines whose bytes are not valid in the encoding (they would hold U+FFFD), with the first as an example. */
export const ZUndecodableLines = z.object({
  lines: z.int().nonnegative(),
  example: z.object({ line: z.int().positive(), text: z.string() }).nullable(),
});
export type UndecodableLines = z.output<typeof ZUndecodableLines>;

export const ZImportPreviewQuery = z.object({ encoding: ZImportEncoding.optional() });

/** What the upload answers, and what the mapping step needs again after a page reload. */
export const ZImportPreview = z.object({
  id: ZUuid,
  filename: z.string(),
  sizeBytes: z.int().nonnegative(),
  totalRows: z.int().nonnegative().nullable(),
  headers: z.array(z.string()),
  /** The first 10 data rows, cells as text. */
  preview: z.array(z.array(z.string())),
  suggestedMapping: ZImportMapping,
  /** What the import would decode with (the upload's detection, or the encoding asked for). */
  encoding: ZImportEncoding,
  /** What the upload detected from the bytes. */
  detectedEncoding: ZImportEncoding,
  /** Over the whole file. */
  undecodable: ZUndecodableLines,
});
export type ImportPreview = z.output<typeof ZImportPreview>;

/** Filters of a contacts CSV export: those of the contacts list, without its paging. */
export const ZExportContactsQuery = ZListContactsQuery.omit({ limit: true, cursor: true });
export type ExportContactsQuery = z.output<typeof ZExportContactsQuery>;
