// The per-workspace send rate (Workspace.sendRatePerSecond): batches get due times spaced size/rate seconds apart,
// handed out from Workspace.sendReservedUntil under its row lock, so every broadcast of the workspace and every
// worker share one budget without talking to each other. Without a rate, everything is due at once.
import type { Query } from "@/server/db/pool";

/** Due times for batches of `sizes` (in order), none before `notBefore`. */
export async function reserveSendSlots(
  query: Query,
  workspaceId: string,
  notBefore: Date,
  sizes: number[],
): Promise<Date[]> {
  if (sizes.length === 0) return [];
  const { rows: plain } = await query<{ rate: number | null }>(
    `SELECT "sendRatePerSecond" AS rate FROM "Workspace" WHERE id = $1`,
    [workspaceId],
  );
  const rate = plain[0]?.rate;
  if (!rate || rate <= 0) return sizes.map(() => notBefore);
  const { rows } = await query<{ reserved: Date | null }>(
    `SELECT "sendReservedUntil" AS reserved FROM "Workspace" WHERE id = $1 FOR UPDATE`,
    [workspaceId],
  );
  const now = Date.now();
  // Only sends due now share the running budget; a subscriber-time-zone group due tomorrow is spaced from its own
  // moment and reserves nothing, so it cannot hold back today's sends.
  const immediate = notBefore.getTime() <= now;
  let t = immediate ? Math.max(now, rows[0]?.reserved?.getTime() ?? 0) : notBefore.getTime();
  const dues = sizes.map((size) => {
    const due = new Date(t);
    t += (size * 1000) / rate;
    return due;
  });
  if (immediate) {
    await query(`UPDATE "Workspace" SET "sendReservedUntil" = $2 WHERE id = $1`, [workspaceId, new Date(t)]);
  }
  return dues;
}

/**
 * Makes a broadcast's `from` batches pending (held ones after an A/B winner; pending ones again on resume). Those
 * already due are spaced from now by the workspace's rate (without a rate they stay due at once); those due later
 * (a subscriber-time-zone group of tomorrow) keep their moment.
 */
export async function releaseBatches(
  query: Query,
  b: { broadcastId: string; workspaceId: string; from: "held" | "pending" },
): Promise<number> {
  const { rows } = await query<{ batchNo: number; size: number }>(
    // attempts = 0: a batch a worker holds (or is retrying) keeps its due time, so nobody else claims it meanwhile.
    `SELECT "batchNo", size FROM "BroadcastBatch"
      WHERE "broadcastId" = $1 AND status = $2::"BroadcastBatchStatus" AND attempts = 0 AND "dueAt" <= now()
      ORDER BY "batchNo"`,
    [b.broadcastId, b.from],
  );
  const dues = await reserveSendSlots(
    query,
    b.workspaceId,
    new Date(),
    rows.map((r) => r.size),
  );
  if (rows.length) {
    await query(
      `UPDATE "BroadcastBatch" bb SET "dueAt" = x.due
         FROM jsonb_to_recordset($2::jsonb) AS x(no int, due timestamptz)
        WHERE bb."broadcastId" = $1 AND bb."batchNo" = x.no AND bb.attempts = 0`,
      [b.broadcastId, JSON.stringify(rows.map((r, i) => ({ no: r.batchNo, due: dues[i]!.toISOString() })))],
    );
  }
  if (b.from === "pending") return rows.length;
  const { rowCount } = await query(
    `UPDATE "BroadcastBatch" SET status = 'pending' WHERE "broadcastId" = $1 AND status = 'held'`,
    [b.broadcastId],
  );
  return rowCount ?? 0;
}
