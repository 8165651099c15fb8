// The workspace's recent imports, newest first (the imports history of the dashboard).
import { db } from "@/server/db/client";
import type { Import } from "@/lib/schemas/imports";
import { importSelect, toImport } from "./import-record";

export async function listImports({
  workspaceId,
  limit = 20,
}: {
  workspaceId: string;
  limit?: number;
}): Promise<{ data: Import[] }> {
  const rows = await db().contactImport.findMany({
    where: { workspaceId },
    select: importSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(limit, 1), 100),
  });
  return { data: rows.map(toImport) };
}
