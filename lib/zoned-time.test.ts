import { describe, expect, it } from "vitest";
import { instantInZone, wallTimeIn } from "./zoned-time";

describe("instantInZone", () => {
  it("reads a wall time in a zone as its instant, across offsets and daylight saving", () => {
    expect(instantInZone("2026-12-01", "09:00", "Asia/Tokyo")?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(instantInZone("2026-07-01", "09:00", "Europe/Paris")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(instantInZone("2026-12-01", "09:00", "Europe/Paris")?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(instantInZone("2026-12-01", "09:00", "Pacific/Kiritimati")?.toISOString()).toBe("2026-11-30T19:00:00.000Z");
  });

  it("moves a time skipped by a spring-forward jump after the jump, and takes an ambiguous one's first occurrence", () => {
    // 2026-03-29 02:30 does not exist in Paris (02:00 → 03:00).
    expect(instantInZone("2026-03-29", "02:30", "Europe/Paris")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 2026-10-25 02:30 happens twice (CEST then CET): the first is 00:30Z.
    expect(instantInZone("2026-10-25", "02:30", "Europe/Paris")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("answers null for what it cannot read", () => {
    expect(instantInZone("2026-12-1", "09:00", "UTC")).toBeNull();
    expect(instantInZone("2026-12-01", "9am", "UTC")).toBeNull();
    expect(instantInZone("2026-12-01", "09:00", "Mars/Olympus")).toBeNull();
  });
});

describe("wallTimeIn", () => {
  it("is the inverse of instantInZone", () => {
    const at = new Date("2026-12-01T00:00:00Z");
    expect(wallTimeIn(at, "Asia/Tokyo")).toEqual({ localDate: "2026-12-01", localTime: "09:00" });
    expect(wallTimeIn(at, "America/New_York")).toEqual({ localDate: "2026-11-30", localTime: "19:00" });
  });
});
