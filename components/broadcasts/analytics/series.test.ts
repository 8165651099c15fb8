import { describe, expect, it } from "vitest";
import { funnelRows, hourLabel, hourlySeries, openBreakdown } from "./series";

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
    expect(hourLabel(167)).toBe("167h+");
    expect(hourLabel(3)).toBe("3h");
  });
});

describe("funnelRows", () => {
  it("gives each stage its share of those sent", () => {
    expect(
      funnelRows([
        { stage: "Sent", count: 200 },
        { stage: "Delivered", count: 190 },
        { stage: "Opened", count: 50 },
        { stage: "Clicked", count: 0 },
      ]),
    ).toEqual([
      { stage: "Sent", count: 200, share: 100 },
      { stage: "Delivered", count: 190, share: 95 },
      { stage: "Opened", count: 50, share: 25 },
      { stage: "Clicked", count: 0, share: 0 },
    ]);
  });

  it("has zero shares when nothing was sent", () => {
    expect(funnelRows([{ stage: "Sent", count: 0 }])).toEqual([{ stage: "Sent", count: 0, share: 0 }]);
  });
});

describe("openBreakdown", () => {
  it("splits all opens into people and machines", () => {
    expect(openBreakdown({ totalOpens: 8, machineOpens: 2, humanOpens: 6 })).toEqual({
      machineShare: 25,
      humanShare: 75,
    });
    expect(openBreakdown({ totalOpens: 0, machineOpens: 0, humanOpens: 0 })).toEqual({
      machineShare: 0,
      humanShare: 0,
    });
  });
});
