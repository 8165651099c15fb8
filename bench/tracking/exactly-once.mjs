// "Every answered hit is recorded exactly once, counted": each request of the benchmark used its own recipient's
// token (an open per recipient index, a click per recipient index on link index % 3), and the load client kept each
// one's outcome (bench/lib/load.mjs). Here the EmailEvent rows are counted per recipient and held against them.

/** The open and click rows of the broadcast per recipient index, and rows that fit no request the benchmark sent. */
export async function recordedHits(client, { broadcastId, firstId, linkIds }, size) {
  // Arrays, not objects: at full load this is a million groups.
  const { rows } = await client.query({
    text: `SELECT ("recipientId" - $2::bigint)::text AS i, type, "linkId"::text AS link, count(*)::int AS n
             FROM "EmailEvent" WHERE "broadcastId" = $1 AND type IN ('open', 'click')
            GROUP BY 1, 2, 3`,
    values: [broadcastId, firstId],
    rowMode: "array",
  });
  const open = new Int32Array(size);
  const click = new Int32Array(size);
  let stray = 0;
  for (const [index, type, link, n] of rows) {
    const i = Number(index);
    if (!(i >= 0 && i < size)) stray += n;
    else if (type === "open") open[i] += n;
    else if (link === linkIds[i % linkIds.length]) click[i] += n;
    else stray += n; // a click on a link this recipient's request did not name
  }
  return { open, click, stray };
}

/**
 * Holds the outcomes of pool indices [from, to) against the rows: answered (status `answeredStatus`) → exactly one
 * row; sent without that answer (an error, a reset connection, another status) → none or one; never sent → none;
 * nobody more than one.
 */
export function checkSlice(pool, rows, from, to, answeredStatus) {
  const out = { answered: 0, recordedOnce: 0, missing: 0, unanswered: 0, unansweredRecorded: 0, duplicates: 0 };
  let phantom = 0;
  for (let i = from; i < to; i++) {
    const status = pool.outcomes[i];
    const n = rows[i];
    if (n > 1) out.duplicates++;
    if (status === answeredStatus) {
      out.answered++;
      if (n === 1) out.recordedOnce++;
      else if (n === 0) out.missing++;
    } else if (status === 0) {
      if (n > 0) phantom++;
    } else {
      out.unanswered++;
      if (n === 1) out.unansweredRecorded++;
    }
  }
  return { ...out, neverSentButRecorded: phantom };
}

const sum = (parts, key) => parts.reduce((s, p) => s + p[key], 0);

/** Several checks as one (opens and clicks, or several phases), `ok` when none broke the rule. */
export function combine(checks, stray = 0) {
  const keys = Object.keys(checks[0]);
  const out = Object.fromEntries(keys.map((k) => [k, sum(checks, k)]));
  return {
    ok: out.missing === 0 && out.duplicates === 0 && out.neverSentButRecorded === 0 && stray === 0,
    ...out,
    ...(stray ? { strayRows: stray } : {}),
  };
}
