import { describe, expect, it } from "vitest";
import { dayRange, growthSeries } from "./audience-growth-series";

describe("dayRange", () => {
  it("ends with today, oldest first, across a month end", () => {
    expect(dayRange("2026-03-02", 4)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});

describe("growthSeries", () => {
  it("walks back from today's count, each day undoing the next day's moves", () => {
    const series = growthSeries({
      today: "2026-03-03",
      days: 3,
      subscribedNow: 10,
      counts: [
        { day: "2026-03-03", added: 4, subscribed: 3, unsubscribed: 1 },
        { day: "2026-03-02", added: 0, subscribed: 0, unsubscribed: 2 },
      ],
    });
    expect(series).toEqual([
      // End of 03-01: 10 − (3 − 1) − (0 − 2) = 10.
      { day: "2026-03-01", subscribed: 10, added: 0, unsubscribed: 0 },
      { day: "2026-03-02", subscribed: 8, added: 0, unsubscribed: 2 },
      { day: "2026-03-03", subscribed: 10, added: 4, unsubscribed: 1 },
    ]);
  });

  it("fills quiet days with zeros and ignores rows outside the range", () => {
    const series = growthSeries({
      today: "2026-03-03",
      days: 2,
      subscribedNow: 1,
      counts: [{ day: "2026-01-01", added: 9, subscribed: 9, unsubscribed: 0 }],
    });
    expect(series.map((d) => [d.day, d.subscribed, d.added])).toEqual([
      ["2026-03-02", 1, 0],
      ["2026-03-03", 1, 0],
    ]);
  });

  it("never goes below zero when the timeline misses a move out", () => {
    const series = growthSeries({
      today: "2026-03-02",
      days: 2,
      subscribedNow: 0,
      counts: [{ day: "2026-03-02", added: 2, subscribed: 2, unsubscribed: 0 }],
    });
    expect(series[0]!.subscribed).toBe(0);
  });
});
