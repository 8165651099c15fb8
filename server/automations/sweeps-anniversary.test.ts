import { describe, expect, it } from "vitest";
import { anniversaryDue, candidateMonthDays, contactZone } from "./sweeps-anniversary";

describe("anniversaryDue", () => {
  // 2026-03-14 23:30 UTC: 10:30 on the 15th in Sydney (UTC+11), 19:30 on the 14th in New York (UTC−4).
  const now = new Date("2026-03-14T23:30:00Z");

  it("is due on the local day once the local time has passed", () => {
    expect(anniversaryDue("1990-03-15", "Australia/Sydney", "09:00", now)).toBe("2026");
    expect(anniversaryDue("1990-03-15", "Australia/Sydney", "10:31", now)).toBeNull();
    expect(anniversaryDue("1990-03-15", "America/New_York", "09:00", now)).toBeNull();
    expect(anniversaryDue("1990-03-14", "America/New_York", "19:30", now)).toBe("2026");
    expect(anniversaryDue("1990-03-14", "Australia/Sydney", "00:00", now)).toBeNull();
  });

  it("keys the entry by the local year (New Year's Day in Tokyo is still 31 December in UTC)", () => {
    const newYear = new Date("2026-12-31T15:30:00Z");
    expect(anniversaryDue("2000-01-01", "Asia/Tokyo", "00:15", newYear)).toBe("2027");
    expect(anniversaryDue("2000-01-01", "UTC", "00:15", newYear)).toBeNull();
  });

  it("celebrates 29 February on the 28th in common years, and on the 29th in leap years", () => {
    expect(anniversaryDue("2000-02-29", "UTC", "09:00", new Date("2027-02-28T10:00:00Z"))).toBe("2027");
    expect(anniversaryDue("2000-02-29", "UTC", "09:00", new Date("2028-02-28T10:00:00Z"))).toBeNull();
    expect(anniversaryDue("2000-02-29", "UTC", "09:00", new Date("2028-02-29T10:00:00Z"))).toBe("2028");
  });

  it("ignores what is not a date", () => {
    expect(anniversaryDue(null, "UTC", "00:00", now)).toBeNull();
    expect(anniversaryDue("soon", "UTC", "00:00", now)).toBeNull();
    expect(anniversaryDue(19900314, "UTC", "00:00", now)).toBeNull();
  });
});

describe("candidateMonthDays", () => {
  it("covers every zone's today, and 29 February beside the 28th", () => {
    expect(candidateMonthDays(new Date("2026-03-14T23:30:00Z"))).toEqual(["03-13", "03-14", "03-15"]);
    expect(candidateMonthDays(new Date("2027-03-01T12:00:00Z"))).toEqual(["02-28", "02-29", "03-01", "03-02"]);
  });
});

describe("contactZone", () => {
  it("falls back to the workspace's zone, then UTC", () => {
    expect(contactZone("Asia/Tokyo", "Europe/Paris")).toBe("Asia/Tokyo");
    expect(contactZone("Mars/Olympus", "Europe/Paris")).toBe("Europe/Paris");
    expect(contactZone(null, "nowhere")).toBe("UTC");
  });
});
