// The SQL fragments of the contact status rule (server/services/contacts/status-moves.ts) against the rule itself,
// on the real database: for every pair of statuses, an UPDATE built from statusTimestampsSql writes exactly the
// timestamps timestampsOfMove says; a new contact gets those of a move from nothing; and each named move changes
// only the statuses it may move, with the timestamps of that move.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { CONTACT_STATUSES, type ContactStatus } from "@/lib/schemas/contacts";
import {
  mayMove,
  NEW_CONTACT_TIMESTAMP_COLUMNS,
  newContactTimestampsSql,
  STATUS_MOVES,
  statusMoveSql,
  statusTimestampsSql,
  timestampsOfMove,
  type StatusMove,
  type TimestampWrite,
} from "@/server/services/contacts/status-moves";
import { makeWorkspace } from "../support/fixtures";

const PAST = new Date("2020-01-02T03:04:05.000Z");
type Stamps = { status: string; subscribedAt: Date | null; unsubscribedAt: Date | null; fresh: boolean[] };

let workspaceId: string;
beforeAll(async () => {
  workspaceId = (await makeWorkspace()).id;
});

/** A contact of `status` whose two timestamps are both set, in the past, so every write shows. */
async function contactWith(status: ContactStatus): Promise<string> {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await sql(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", status, source, "createdAt", "updatedAt",
                            "subscribedAt", "unsubscribedAt")
     VALUES ($1, $2, $3, $3, $4::"ContactStatus", 'api', now(), now(), $5, $5)`,
    [id, workspaceId, email, status, PAST],
  );
  return id;
}

const read = async (id: string) =>
  (
    await sql<Stamps>(
      `SELECT status::text AS status, "subscribedAt", "unsubscribedAt",
              ARRAY["subscribedAt" > now() - interval '1 minute', "unsubscribedAt" > now() - interval '1 minute'] AS fresh
         FROM "Contact" WHERE id = $1`,
      [id],
    )
  )[0]!;

/** What a column should hold after a write of `write`, given it held `before`. */
function expected(write: TimestampWrite, before: Date | null) {
  if (write === "now") return "now";
  if (write === "clear") return null;
  return before;
}
const actual = (value: Date | null, fresh: boolean | null) => (value === null ? null : fresh ? "now" : value);

describe("statusTimestampsSql", () => {
  const pairs = CONTACT_STATUSES.flatMap((from) => CONTACT_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)("%s → %s writes the timestamps of timestampsOfMove", async (from, to) => {
    const id = await contactWith(from);
    await sql(`UPDATE "Contact" c SET status = $2::"ContactStatus", ${statusTimestampsSql("$2")} WHERE c.id = $1`, [
      id,
      to,
    ]);
    const after = await read(id);
    const rule = timestampsOfMove(from, to);
    expect(after.status).toBe(to);
    expect(actual(after.subscribedAt, after.fresh[0]!)).toEqual(expected(rule.subscribedAt, PAST));
    expect(actual(after.unsubscribedAt, after.fresh[1]!)).toEqual(expected(rule.unsubscribedAt, PAST));
  });
});

describe("newContactTimestampsSql", () => {
  it.each(CONTACT_STATUSES)("a new %s contact gets the timestamps of a move from nothing", async (status) => {
    const id = randomUUID();
    await sql(
      `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", status, source, "createdAt", "updatedAt",
                              ${NEW_CONTACT_TIMESTAMP_COLUMNS})
       SELECT $1, $2, $3, $3, n.status::"ContactStatus", 'api', now(), now(), ${newContactTimestampsSql("n.status")}
         FROM (SELECT $4::text AS status) n`,
      [id, workspaceId, `${id}@example.com`, status],
    );
    const after = await read(id);
    const rule = timestampsOfMove(null, status);
    expect(actual(after.subscribedAt, after.fresh[0]!)).toEqual(expected(rule.subscribedAt, null));
    expect(actual(after.unsubscribedAt, after.fresh[1]!)).toEqual(expected(rule.unsubscribedAt, null));
  });
});

describe("statusMoveSql", () => {
  const cases = (Object.keys(STATUS_MOVES) as StatusMove[]).flatMap((move) =>
    CONTACT_STATUSES.map((from) => [move, from] as const),
  );
  it.each(cases)("%s from %s: changes the contact only when it may, with the move's timestamps", async (move, from) => {
    const id = await contactWith(from);
    const { set, guard } = statusMoveSql(move);
    const changed = await sql(`UPDATE "Contact" SET ${set} WHERE id = $1 AND ${guard} RETURNING id`, [id]);
    const after = await read(id);
    const may = mayMove(move, from);
    expect(changed.length).toBe(may ? 1 : 0);
    const to = may ? STATUS_MOVES[move].to : from;
    const rule = timestampsOfMove(from, to);
    expect(after.status).toBe(to);
    expect(actual(after.subscribedAt, after.fresh[0]!)).toEqual(expected(rule.subscribedAt, PAST));
    expect(actual(after.unsubscribedAt, after.fresh[1]!)).toEqual(expected(rule.unsubscribedAt, PAST));
  });
});
