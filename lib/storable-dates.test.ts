import { describe, expect, it } from "vitest";
import { isCalendarDay, parseInstant } from "./storable-dates";

describe("isCalendarDay", () => {
  it("accepts real days of the years 0001–9999, the early years included", () => {
    for (const day of ["0001-01-01", "0050-06-15", "2024-02-29", "9999-12-31"]) expect(isCalendarDay(day)).toBe(true);
  });

  it("refuses year 0000, impossible days and other spellings", () => {
    for (const day of ["0000-01-01", "2023-02-29", "2026-13-01", "2026-1-01", "20260101", "+02026-01-01", ""]) {
      expect(isCalendarDay(day)).toBe(false);
    }
  });
});

describe("parseInstant", () => {
  it("parses date-times with Z or an offset up to ±15:59", () => {
    expect(parseInstant("2026-11-22T09:30:00Z")).toEqual({ ok: true, date: new Date("2026-11-22T09:30:00Z") });
    expect(parseInstant("2026-11-22T09:30:00.123456+15:59")).toEqual({
      ok: true,
      date: new Date("2026-11-21T17:31:00.123Z"),
    });
    expect(parseInstant("0001-01-01T00:00:00-01:00").ok).toBe(true);
  });

  it.each([
    ["2026-01-01T00:00:00+23:00", /offset/],
    ["2026-01-01T00:00:00-16:00", /offset/],
    ["0000-06-01T00:00:00Z", /ISO 8601/],
    ["0001-01-01T00:00:00+01:00", /0001 and 9999/],
    ["9999-12-31T23:59:59-01:00", /0001 and 9999/],
    ["2026-02-30T00:00:00Z", /ISO 8601/],
    ["2026-01-01T24:00:00Z", /ISO 8601/],
    ["2026-01-01T00:00Z", /ISO 8601/],
    ["2026-01-01T00:00:00", /ISO 8601/],
    ["2026-01-01", /ISO 8601/],
    ["+012026-01-01T00:00:00Z", /ISO 8601/],
  ])("refuses %s", (text, detail) => {
    const parsed = parseInstant(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.detail).toMatch(detail);
  });
});
