// One import of the workspace, for the progress bar and the summary (the dashboard polls it while it runs).
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { Import } from "@/lib/schemas/imports";
import { importSelect, toImport } from "./import-record";

export async function getImport({ workspaceId, importId }: { workspaceId: string; importId: string }): Promise<Import> {
  const row = await db().contactImport.findFirst({ where: { id: importId, workspaceId }, select: importSelect });
  if (!row) throw new AppError("NOT_FOUND", "Import not found.");
  return toImport(row);
}
