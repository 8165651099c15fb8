import { sql } from "@/server/db/pool";
import { offsetPage, offsetWindow, type OffsetPage } from "@/server/http/pagination";
import type { Automation } from "@/lib/schemas/automations";
import type { z } from "zod";
import type { ZListAutomationsQuery } from "@/lib/schemas/automations";
import { automationColumns, countsOf, toAutomation, type AutomationRow } from "./automation-record";

export type ListAutomationsQuery = z.output<typeof ZListAutomationsQuery>;

/**
 * A workspace's automations, newest first (the id breaks ties so pages never overlap), filtered by status and a
 * name search, each with its run counts; the dashboard's list calls it with the same query.
 */
export async function listAutomations(
  workspaceId: string,
  query: ListAutomationsQuery,
): Promise<OffsetPage<Automation>> {
  const { skip, take } = offsetWindow(query);
  const values: unknown[] = [workspaceId];
  let where = `a."workspaceId" = $1::uuid`;
  if (query.status) {
    values.push(query.status);
    where += ` AND a.status = $${values.length}::"AutomationStatus"`;
  }
  if (query.search) {
    values.push(`%${query.search.replace(/[\\%_]/g, "\\$&")}%`);
    where += ` AND a.name ILIKE $${values.length}`;
  }
  const rows = await sql<AutomationRow & { total: number }>(
    `SELECT ${automationColumns}, count(*) OVER ()::int AS total FROM "Automation" a
      WHERE ${where} ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${take} OFFSET ${skip}`,
    values,
  );
  // A page past the end has no row to carry the total: count separately only then.
  let total = rows[0]?.total;
  if (total === undefined) {
    total =
      skip === 0
        ? 0
        : ((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Automation" a WHERE ${where}`, values))[0]?.n ??
          0);
  }
  const counts = await countsOf(rows.map((r) => r.id));
  return offsetPage(
    rows.map(({ total: _, ...row }) => toAutomation(row, counts.get(row.id))),
    total,
    query,
  );
}
