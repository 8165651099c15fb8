// The tracking benchmark's "every answered hit recorded exactly once" (bench/tracking/exactly-once.mjs): each rule
// it checks must fail the check when broken, or a lost or doubled hit would pass unseen.
import { describe, expect, it } from "vitest";
import { checkSlice, combine, recordedHits } from "../../bench/tracking/exactly-once.mjs";

// Outcomes of 6 requests: 200 answered, -1 a reset connection, 0 never sent, 503 an answer that is not the pixel.
const pool = { outcomes: Int16Array.from([200, 200, -1, -1, 0, 503]) };
const check = (rows: number[]) => combine([checkSlice(pool, Int32Array.from(rows), 0, 6, 200)]);

describe("exactly once", () => {
  it("passes when every answered hit has one row and the others none or one", () => {
    expect(check([1, 1, 0, 1, 0, 1])).toMatchObject({
      ok: true,
      answered: 2,
      recordedOnce: 2,
      unanswered: 3,
      unansweredRecorded: 2,
    });
  });

  it("fails an answered hit without its row", () => {
    expect(check([1, 0, 0, 0, 0, 0])).toMatchObject({ ok: false, missing: 1 });
  });

  it("fails anyone recorded twice, answered or not", () => {
    expect(check([2, 1, 0, 0, 0, 0])).toMatchObject({ ok: false, duplicates: 1 });
    expect(check([1, 1, 2, 0, 0, 0])).toMatchObject({ ok: false, duplicates: 1 });
  });

  it("fails a row for a request that was never sent", () => {
    expect(check([1, 1, 0, 0, 1, 0])).toMatchObject({ ok: false, neverSentButRecorded: 1 });
  });

  it("fails rows that fit no request", () => {
    expect(combine([checkSlice(pool, Int32Array.from([1, 1, 0, 0, 0, 0]), 0, 6, 200)], 1)).toMatchObject({
      ok: false,
      strayRows: 1,
    });
  });

  it("counts rows per recipient index, a click only on the link its request named", async () => {
    // [recipient index (id − first id), type, link, rows]
    const rows = [
      ["0", "open", null, 1],
      ["1", "open", null, 2],
      ["1", "click", "8", 1], // index 1 → link index 1 ("8"): its own
      ["2", "click", "7", 1], // index 2 → "9", not "7": stray
      ["-1", "open", null, 1], // before the first recipient: stray
      ["3", "open", null, 1], // after the last: stray
    ];
    const client = { query: async () => ({ rows }) };
    const hits = await recordedHits(client, { broadcastId: "b", firstId: "1000", linkIds: ["7", "8", "9"] }, 3);
    expect([...hits.open]).toEqual([1, 2, 0]);
    expect([...hits.click]).toEqual([0, 1, 0]);
    expect(hits.stray).toBe(3);
  });
});
