// Prisma CLI configuration. The CLI is only used for `prisma generate` (offline, see scripts/generate-client.mjs);
// migrations run through the WebAssembly schema engine in scripts/lib/schema-engine.mjs. The schema is a folder of
// .prisma files, one per domain; the migrations stay beside it in prisma/migrations.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://sendwell:sendwell@127.0.0.1:5432/sendwell" },
});
