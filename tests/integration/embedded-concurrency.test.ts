// Several connections at once on the embedded server: no interleaved extended-protocol messages, no lost
// transactions, no stalled queue (see scripts/lib/embedded-session.mjs).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("embedded PostgreSQL under concurrent connections", () => {
  it("runs transactions and parameterised reads from 4 connections without errors or wrong rows", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve(import.meta.dirname, "../support/embedded-race.mjs")],
      {
        timeout: 90_000,
      },
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ errors: 0, wrong: 0, committed: 60 });
  }, 120_000);
});
