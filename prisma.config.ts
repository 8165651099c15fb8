// Prisma CLI configuration. The CLI is only used for `prisma generate` (offline, see scripts/generate-client.mjs);
// migrations run through the WebAssembly schema engine in scripts/lib/schema-engine.mjs.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://sendwell:sendwell@127.0.0.1:5432/sendwell" },
});
