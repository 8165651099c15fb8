// The daily sign-in pruning also clears account links dead for a day and the outbox's week-old account mail.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { pruneSignInRecords } from "@/server/services/sessions/prune-sign-in-records";

const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("pruneSignInRecords: account records", () => {
  it("deletes account links used or expired over a day ago and account mail over a week old, nothing else", async () => {
    const user = await db().user.create({
      data: { email: `${randomUUID()}@prune.test`, passwordHash: "x" },
      select: { id: true, email: true },
    });
    const token = (over: { usedAt?: Date; expiresAt: Date }) =>
      db().accountToken.create({
        data: { userId: user.id, purpose: "password_reset", tokenHash: randomUUID(), ...over },
        select: { id: true },
      });
    const usedLongAgo = await token({ usedAt: ago(2 * DAY), expiresAt: ago(2 * DAY - 3600_000) });
    const expiredLongAgo = await token({ expiresAt: ago(2 * DAY) });
    const usedRecently = await token({ usedAt: ago(3600_000), expiresAt: new Date(Date.now() + 3600_000) });
    const live = await token({ expiresAt: new Date(Date.now() + 3600_000) });

    const mail = (kind: string, workspaceId: string | null, createdAt: Date) =>
      sql<{ id: string }>(
        `INSERT INTO "OutboxMessage" (id, "workspaceId", kind, "fromAddress", "toAddress", subject, html, text, "createdAt")
         VALUES (gen_random_uuid(), $1, $2, 'a@b.test', $3, 's', 'h', 't', $4) RETURNING id`,
        [workspaceId, kind, user.email, createdAt],
      ).then((rows) => rows[0]!.id);
    const oldAccountMail = await mail("account", null, ago(8 * DAY));
    const recentAccountMail = await mail("account", null, ago(6 * DAY));

    const pruned = await pruneSignInRecords();
    expect(pruned.accountTokens).toBeGreaterThanOrEqual(2);
    expect(pruned.accountMail).toBeGreaterThanOrEqual(1);
    const tokens = await db().accountToken.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(tokens.map((t) => t.id).sort()).toEqual([usedRecently.id, live.id].sort());
    expect(tokens.map((t) => t.id)).not.toContain(usedLongAgo.id);
    expect(tokens.map((t) => t.id)).not.toContain(expiredLongAgo.id);
    const left = await sql<{ id: string }>(`SELECT id FROM "OutboxMessage" WHERE "toAddress" = $1`, [user.email]);
    expect(left.map((r) => r.id)).toEqual([recentAccountMail]);
    expect(left.map((r) => r.id)).not.toContain(oldAccountMail);
  });
});
