// The limits hold across web processes: two processes on one database, started together, share one rate-limit
// window (the limit between them, not twice it) and one sign-in throttle (no more compares than the limit between
// them). Real processes (node + tsx, as the web server runs our code), not two modules in one.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { hashPassword } from "@/server/services/users/password";
import { SIGN_IN_LIMITS } from "@/server/services/users/sign-in-throttle";

const CONTENDER = path.resolve(import.meta.dirname, "../support/limit-contender.ts");
const LOCKED_15 = "Too many sign-in attempts. Try again in 15 minutes.";

/** Starts `count` contenders with the same arguments, releases them at once, and returns each one's JSON line. */
async function contend(count: number, args: string[]): Promise<unknown[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ["--import", "tsx", CONTENDER, ...args], {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl"), DATABASE_POOL_SIZE: "4" },
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  const lines = children.map((child) => {
    const reader = createInterface({ input: child.stdout! });
    const iterator = reader[Symbol.asyncIterator]();
    return async () => {
      const { value, done } = await iterator.next();
      if (done) throw new Error(`A contender exited early (code ${child.exitCode}).`);
      return value as string;
    };
  });
  try {
    expect(await Promise.all(lines.map((next) => next()))).toEqual(children.map(() => "ready"));
    for (const child of children) child.stdin!.write("go\n");
    return (await Promise.all(lines.map((next) => next()))).map((line) => JSON.parse(line));
  } finally {
    for (const child of children) child.stdin!.end();
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once("exit", r)) : null)),
    );
  }
}

describe("limits across two processes", () => {
  it("one key's window is shared: 2 × 40 concurrent takes against a limit of 30 allow exactly 30", async () => {
    const results = (await contend(2, ["tokens", `test:processes:${randomUUID()}`, "40", "30"])) as {
      allowed: number;
    }[];
    expect(results.reduce((sum, r) => sum + r.allowed, 0)).toBe(30);
    // (With a window per process each would have allowed 30: 60 in all.)
  }, 120_000);

  it("one pair's sign-in throttle is shared: 2 × 8 parallel wrong guesses get at most 5 compares", async () => {
    const user = await db().user.create({
      data: { email: `${randomUUID()}@processes.test`, passwordHash: await hashPassword("right password") },
      select: { email: true },
    });
    const address = `2001:db8:${randomUUID().slice(0, 4)}::1`;
    const results = (await contend(2, ["sign-in", user.email, address, "8"])) as { outcomes: string[] }[];
    const outcomes = results.flatMap((r) => r.outcomes);
    expect(outcomes).toHaveLength(16);
    // Compared: every "wrong" and the one failure that started the lock.
    const wrong = outcomes.filter((o) => o === "wrong").length;
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(SIGN_IN_LIMITS.pair.limit - 1);
    expect(outcomes.filter((o) => o !== "wrong").every((o) => o === LOCKED_15)).toBe(true);
  }, 120_000);
});
