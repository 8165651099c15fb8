import { describe, expect, it } from "vitest";
import { maintenanceFor, type TableStats } from "./maintenance";

const analyzed: TableStats = {
  name: "public.t",
  reltuples: 10_000,
  bytes: 8192 * 100,
  deadTuples: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  lastVacuum: new Date(),
};

describe("maintenanceFor", () => {
  it.each<[string, Partial<TableStats>, ReturnType<typeof maintenanceFor>]>([
    ["nothing churned", {}, null],
    ["dead rows under 50 + 20 % of the rows", { deadTuples: 2_050 }, null],
    ["dead rows over 50 + 20 % of the rows", { deadTuples: 2_051 }, "vacuum"],
    ["inserts over 1,000 + 20 % of the rows", { insertedSinceVacuum: 3_001 }, "vacuum"],
    ["not vacuumed since the statistics started, with data", { lastVacuum: null }, "vacuum"],
    [
      "not vacuumed since the statistics started, empty and never analyzed",
      { lastVacuum: null, bytes: 0, reltuples: -1 },
      "analyze",
    ],
    ["never analyzed", { reltuples: -1 }, "analyze"],
    ["modified over 50 + 10 % of the rows", { modifiedSinceAnalyze: 1_051 }, "analyze"],
    ["modified under the threshold", { modifiedSinceAnalyze: 1_050 }, null],
    ["a never-analyzed table's thresholds count it as empty", { reltuples: -1, deadTuples: 51 }, "vacuum"],
  ])("%s", (_, change, expected) => {
    expect(maintenanceFor({ ...analyzed, ...change })).toBe(expected);
  });
});
