import { describe, expect, it } from "vitest";
import { EARLIEST_ZONE, instantInZone, isTimeZone } from "./time-zones";

describe("instantInZone", () => {
  it.each([
    ["2026-12-01", "09:00", "UTC", "2026-12-01T09:00:00.000Z"],
    ["2026-12-01", "09:00", "Asia/Tokyo", "2026-12-01T00:00:00.000Z"],
    ["2026-12-01", "09:00", "America/New_York", "2026-12-01T14:00:00.000Z"],
    ["2026-07-01", "09:00", "America/New_York", "2026-07-01T13:00:00.000Z"],
    ["2026-12-01", "09:00", "Asia/Kolkata", "2026-12-01T03:30:00.000Z"],
    ["2026-12-01", "09:00", EARLIEST_ZONE, "2026-11-30T19:00:00.000Z"],
    // 02:30 does not exist on 2026-03-08 in New York (clocks jump 02:00 → 03:00).
    ["2026-03-08", "02:30", "America/New_York", "2026-03-08T07:30:00.000Z"],
    // 01:30 happens twice on 2026-11-01 in New York: the first (EDT) one.
    ["2026-11-01", "01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
    // East of UTC too: 02:30 happens twice on 2026-10-25 in Paris; the first (CEST) one.
    ["2026-10-25", "02:30", "Europe/Paris", "2026-10-25T00:30:00.000Z"],
  ])("%s %s in %s is %s", (date, time, zone, iso) => {
    expect(instantInZone(date, time, zone).toISOString()).toBe(iso);
  });

  it("knows real zones only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });
});
