// OpenAPI operation of the contacts CSV export (app/api/v1/contacts/export). Registered by hand rather than with
// registerOperation because its success body is text/csv, not JSON.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZProblem } from "@/lib/schemas/common";
import { ZExportContactsQuery } from "@/lib/schemas/imports";
import { EXPORT_COLUMNS } from "@/server/services/exports/export-contacts-csv";

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ZProblem } },
});

export function registerContactExports(registry: OpenAPIRegistry) {
  registry.registerPath({
    method: "get",
    path: "/api/v1/contacts/export",
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
    tags: ["Contacts"],
    security: [{ ApiKey: [] }],
    request: { query: ZExportContactsQuery },
    responses: {
      200: {
        description: 'The CSV file (`Content-Disposition: attachment; filename="contacts-YYYY-MM-DD.csv"`)',
        content: {
          "text/csv": { schema: z.string().meta({ example: "email,first_name,…\r\nada@example.com,Ada,…\r\n" }) },
        },
      },
      401: problem("Missing, malformed, unknown or revoked API key"),
      422: problem("A filter is invalid, or names a tag or segment that does not exist in this workspace"),
      429: problem("Rate limited; see Retry-After"),
    },
  });
}
