// The month arithmetic behind EmailEvent's partition names and bounds: UTC months, whatever the process's time zone.
import { describe, expect, it } from "vitest";
import { addMonths, monthOf, monthOfPartition, partitionName } from "./email-event-partitions";

describe("EmailEvent partition months", () => {
  it("takes the UTC month of an instant, also just before and after midnight of its first day", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59.999Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(monthOf(new Date("2026-12-01T00:00:00.000Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(monthOf(new Date("2026-12-01T00:30:00+01:00")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("counts months across the year's end", () => {
    const nov = new Date("2026-11-01T00:00:00Z");
    expect([0, 1, 2, 3].map((n) => partitionName(addMonths(nov, n)))).toEqual([
      "EmailEvent_2026_11",
      "EmailEvent_2026_12",
      "EmailEvent_2027_01",
      "EmailEvent_2027_02",
    ]);
    expect(addMonths(nov, -11).toISOString()).toBe("2025-12-01T00:00:00.000Z");
  });

  it("reads the month back from a monthly partition's name, and none from any other", () => {
    expect(monthOfPartition("EmailEvent_2027_01")?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(monthOfPartition("EmailEvent_default")).toBeNull();
    expect(monthOfPartition("EmailEvent_2027_01_old")).toBeNull();
    expect(monthOfPartition("Other_2027_01")).toBeNull();
  });
});
