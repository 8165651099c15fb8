import { inject, afterAll } from "vitest";
import { disconnectDb } from "@/server/db/client";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.NEXTAUTH_SECRET ??= "integration-test-secret-integration-test-secret";
process.env.APP_URL ??= "http://sendwell.test";
process.env.DATABASE_POOL_SIZE ??= "4";

afterAll(async () => {
  await disconnectDb();
});
