import { randomBytes } from "node:crypto";
import { db, type Db } from "@/server/db/client";
import { isUniqueViolation } from "@/server/errors";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return base || "workspace";
}

/** Creates a workspace with a unique slug and, when given, its owner. Runs inside `tx` when one is passed. */
export async function createWorkspace({ name, ownerId, tx }: { name: string; ownerId?: string; tx?: Tx }) {
  const client = tx ?? db();
  const base = slugify(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    if (await client.workspace.findUnique({ where: { slug }, select: { id: true } })) continue;
    try {
      return await client.workspace.create({
        data: { name, slug, ...(ownerId ? { memberships: { create: { userId: ownerId, role: "owner" } } } : {}) },
        select: { id: true, name: true, slug: true },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not find a free workspace slug");
}
