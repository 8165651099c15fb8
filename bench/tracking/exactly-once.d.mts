type Pool = { outcomes: Int16Array };
type Slice = {
  answered: number;
  recordedOnce: number;
  missing: number;
  unanswered: number;
  unansweredRecorded: number;
  duplicates: number;
  neverSentButRecorded: number;
};
export function recordedHits(
  client: { query(q: { text: string; values: unknown[]; rowMode: "array" }): Promise<{ rows: unknown[][] }> },
  seeded: { broadcastId: string; firstId: string; linkIds: string[] },
  size: number,
): Promise<{ open: Int32Array; click: Int32Array; stray: number }>;
export function checkSlice(pool: Pool, rows: Int32Array, from: number, to: number, answeredStatus: number): Slice;
export function combine(checks: Slice[], stray?: number): Slice & { ok: boolean; strayRows?: number };
