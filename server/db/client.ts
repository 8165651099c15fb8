// The one Prisma client of a process, on the pg driver adapter (no engine binary). Reused across hot reloads.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";

export type Db = InstanceType<typeof PrismaClient>;

function createClient(): Db {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start Sendwell with `npm start` or set it.");
  const max = Number(process.env.DATABASE_POOL_SIZE || 10);
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max }) });
}

const globalForPrisma = globalThis as unknown as { prisma?: Db };

/** Lazily created so that importing a module never needs a database (builds, unit tests). */
export function db(): Db {
  globalForPrisma.prisma ??= createClient();
  return globalForPrisma.prisma;
}

export async function disconnectDb() {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
}

export type { Prisma } from "./generated/client.ts";
