import { db } from "@/server/db/client";
import { offsetPage, offsetWindow } from "@/server/http/pagination";
import type { ListCustomFieldsQuery } from "@/lib/schemas/custom-fields";
import { customFieldSelect, toCustomField } from "./custom-field-record";

/** Oldest first: the order fields were defined in is the order forms, tables and exports show them. */
export async function listCustomFields({ workspaceId, query }: { workspaceId: string; query: ListCustomFieldsQuery }) {
  const [rows, total] = await Promise.all([
    db().customField.findMany({
      where: { workspaceId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: customFieldSelect,
      ...offsetWindow(query),
    }),
    db().customField.count({ where: { workspaceId } }),
  ]);
  return offsetPage(rows.map(toCustomField), total, query);
}
