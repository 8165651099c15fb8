// GET /api/dashboard/imports – recent imports; POST /api/dashboard/imports?filename=… – upload a CSV file
// (the raw file as the body, e.g. `fetch(url, { method: "POST", body: file })`), streamed into the database.
import { z } from "zod";
import { AppError } from "@/server/errors";
import { withSession } from "@/server/http/with-session";
import { ZUploadImportQuery } from "@/lib/schemas/imports";
import { createImportFromStream, MAX_IMPORT_BYTES } from "@/server/services/imports/create-import-from-stream";
import { listImports } from "@/server/services/imports/list-imports";

const ZListQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const GET = withSession("contacts.import", { query: ZListQuery }, async ({ workspaceId, query }) =>
  Response.json(await listImports({ workspaceId, limit: query.limit })),
);

export const POST = withSession(
  "contacts.import",
  { query: ZUploadImportQuery },
  async ({ workspaceId, userId, query, req }) => {
    const type = req.headers.get("content-type") ?? "";
    if (/^(multipart\/form-data|application\/x-www-form-urlencoded|application\/json)/i.test(type)) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the CSV file itself as the body, e.g. Content-Type: text/csv.",
      );
    }
    if (Number(req.headers.get("content-length") || 0) > MAX_IMPORT_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", `Files are limited to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    }
    if (!req.body) throw new AppError("VALIDATION", "The file is empty.");
    const data = await createImportFromStream({
      workspaceId,
      userId,
      filename: query.filename,
      body: bodyChunks(req.body),
    });
    return Response.json({ data }, { status: 201 });
  },
);

/** The request body piece by piece, as the network delivers it. */
async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}
