// Writes the OpenAPI document the server serves at /api/v1/openapi.json to a file (npm test's "openapi" step).
import { writeFileSync } from "node:fs";
import { openApiDocument } from "@/server/openapi/document";

const out = process.argv[2];
if (!out) {
  console.error("Usage: tsx scripts/write-openapi.ts <file.json>");
  process.exit(2);
}
writeFileSync(out, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
