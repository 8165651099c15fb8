// The daily prune of sign-in bookkeeping: long-ended sessions and quiet throttle counters go, live ones stay.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { pruneSignInRecords } from "@/server/services/sessions/prune-sign-in-records";

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("pruneSignInRecords", () => {
  it("deletes sessions ended over 30 days ago and quiet unlocked counters, and keeps everything else", async () => {
    const user = await db().user.create({
      data: { email: `${randomUUID()}@prune.test`, passwordHash: "x" },
      select: { id: true },
    });
    const session = (createdAt: Date, expiresAt: Date, revokedAt: Date | null = null) =>
      db().session.create({
        data: { userId: user.id, createdAt, lastSeenAt: createdAt, expiresAt, revokedAt },
        select: { id: true },
      });
    await session(ago(70 * DAY), ago(40 * DAY));
    await session(ago(35 * DAY), ago(-DAY), ago(31 * DAY));
    const expiredRecently = await session(ago(20 * DAY), ago(10 * DAY));
    const live = await session(ago(DAY), ago(-6 * DAY));

    const key = () => `account:${randomUUID()}@prune.test`;
    const throttle = (k: string, updatedAt: Date, lockedUntil: Date | null) =>
      db().signInThrottle.create({ data: { key: k, failures: 3, windowStart: updatedAt, updatedAt, lockedUntil } });
    const [quiet, stillLocked, recent] = [key(), key(), key()];
    await throttle(quiet, ago(2 * DAY), ago(2 * DAY));
    await throttle(stillLocked, ago(2 * DAY), ago(-DAY));
    await throttle(recent, ago(DAY / 2), null);

    const pruned = await pruneSignInRecords();
    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    expect(pruned.throttles).toBeGreaterThanOrEqual(1);
    const sessions = await db().session.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(sessions.map((s) => s.id).sort()).toEqual([expiredRecently.id, live.id].sort());
    const keys = await db().signInThrottle.findMany({
      where: { key: { in: [quiet, stillLocked, recent] } },
      select: { key: true },
    });
    expect(keys.map((k) => k.key).sort()).toEqual([stillLocked, recent].sort());
  });
});
