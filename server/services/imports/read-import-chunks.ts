// The stored file of an import, chunk by chunk in upload order: one ~1 MB row in memory at a time.
import { sql } from "@/server/db/pool";

export async function* readImportChunks(importId: string): AsyncGenerator<Buffer> {
  for (let index = 0; ; index++) {
    const [row] = await sql<{ data: Buffer }>(
      `SELECT data FROM "ContactImportChunk" WHERE "importId" = $1::uuid AND "index" = $2`,
      [importId, index],
    );
    if (!row) return;
    yield row.data;
  }
}
