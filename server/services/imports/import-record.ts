// The one mapping of a ContactImport row to what the dashboard sees (lib/schemas/imports.ts ZImport).
import type { Import, ImportMapping, ImportStatus } from "@/lib/schemas/imports";
import { isImportEncoding, type ImportEncoding } from "@/lib/csv/text-encoding";

export const importSelect = {
  id: true,
  filename: true,
  sizeBytes: true,
  status: true,
  mapping: true,
  tagIds: true,
  updateExisting: true,
  totalRows: true,
  processedRows: true,
  createdCount: true,
  updatedCount: true,
  skippedCount: true,
  invalidCount: true,
  duplicateCount: true,
  warningCount: true,
  encoding: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

type ImportRow = {
  id: string;
  filename: string;
  sizeBytes: number;
  status: ImportStatus;
  mapping: unknown;
  tagIds: unknown;
  updateExisting: boolean;
  totalRows: number | null;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  invalidCount: number;
  duplicateCount: number;
  warningCount: number;
  encoding: string;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

export function toImport(row: ImportRow): Import {
  const percent =
    row.status === "completed"
      ? 100
      : row.totalRows
        ? Math.min(99, Math.floor((row.processedRows / row.totalRows) * 100))
        : 0;
  return {
    ...row,
    mapping: (row.mapping ?? null) as ImportMapping | null,
    encoding: storedEncoding(row.encoding),
    tagIds: Array.isArray(row.tagIds) ? row.tagIds.filter((t): t is string => typeof t === "string") : [],
    percent,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The column holds only labels this code wrote; anything else would be a hand edit, read as UTF-8. */
export function storedEncoding(value: string): ImportEncoding {
  return isImportEncoding(value) ? value : "utf-8";
}
