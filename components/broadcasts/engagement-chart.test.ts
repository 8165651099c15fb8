import { describe, expect, it } from "vitest";
import { hourlySeries, niceMax } from "./engagement-chart";

describe("niceMax", () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [11, 20],
    [240, 500],
    [1000, 1000],
  ])("%d → %d", (max, nice) => expect(niceMax(max)).toBe(nice));
});

describe("hourlySeries", () => {
  it("fills the first day with zeros around the hours that had activity", () => {
    const series = hourlySeries([{ hoursAfterSend: 2, opens: 5, clicks: 1 }]);
    expect(series).toHaveLength(24);
    expect(series[2]).toEqual({ hoursAfterSend: 2, opens: 5, clicks: 1 });
    expect(series[3]).toEqual({ hoursAfterSend: 3, opens: 0, clicks: 0 });
  });

  it("runs to the last active hour past the first day", () => {
    expect(hourlySeries([{ hoursAfterSend: 40, opens: 1, clicks: 0 }])).toHaveLength(41);
  });

  it("stops after a week and adds what came later to the last hour", () => {
    const series = hourlySeries([
      { hoursAfterSend: 167, opens: 1, clicks: 0 },
      { hoursAfterSend: 900, opens: 2, clicks: 3 },
    ]);
    expect(series).toHaveLength(168);
    expect(series[167]).toEqual({ hoursAfterSend: 167, opens: 3, clicks: 3 });
  });
});
