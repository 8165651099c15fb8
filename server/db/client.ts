// The one Prisma client of a process, on the pg driver adapter (no engine binary), sharing the process's pg pool.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client.ts";
import { closePool, pool } from "./pool";

export type Db = InstanceType<typeof PrismaClient>;

const globalForPrisma = globalThis as unknown as { prisma?: Db };

/** Lazily created so that importing a module never needs a database (builds, unit tests). */
export function db(): Db {
  globalForPrisma.prisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return globalForPrisma.prisma;
}

export async function disconnectDb() {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
  await closePool();
}

export type { Prisma } from "./generated/client.ts";
