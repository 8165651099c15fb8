// The contacts CSV export (app/api/v1/contacts/export): its success body is text/csv.
import { z } from "zod";
import { ZExportContactsQuery } from "@/lib/schemas/imports";
import { EXPORT_COLUMNS } from "@/server/services/exports/export-contacts-csv";
import type { Operation } from "../shared";
import { tag } from "./schemas";

export const exportContacts: Operation = {
  method: "get",
  path: "/api/v1/contacts/export",
  operationId: "exportContacts",
  scope: "read",
  summary: "Export contacts as CSV",
  description: [
    "Every contact matching the filters (the same as `GET /api/v1/contacts`: all, a segment, a status, a tag, a",
    "search, a created range), streamed as one CSV file, oldest first. Columns: " +
      EXPORT_COLUMNS.map((c) => `\`${c}\``).join(", ") +
      ", then one column per custom field, named by its key.",
    "`tags` holds tag names joined by `; `; timestamps are ISO 8601 UTC.",
    "",
    "Cells are RFC 4180-quoted. To keep spreadsheets from running them as formulas, a cell starting with",
    "`=`, `+`, `-`, `@`, a tab, a carriage return or an apostrophe gets a leading apostrophe (`'`); strip that one",
    "character to read the original value. Sendwell's CSV import does so itself.",
  ].join("\n"),
  tag,
  query: ZExportContactsQuery,
  success: {
    status: 200,
    description: 'The CSV file (`Content-Disposition: attachment; filename="contacts-YYYY-MM-DD.csv"`)',
    mediaType: "text/csv",
    schema: z.string().meta({ example: "email,first_name,…\r\nada@example.com,Ada,…\r\n" }),
  },
  errorDescriptions: {
    422: "A filter is invalid, or names a tag or segment that does not exist in this workspace",
  },
};
