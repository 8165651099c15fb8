import { describe, expect, it } from "vitest";
import { searchZones, zoneCountText, zoneList } from "./time-zones";

// A runtime list as Intl.supportedValuesOf("timeZone") gives it: without UTC.
const runtime = ["America/New_York", "Asia/Tokyo", "Europe/Paris", "Europe/Berlin"];

describe("zoneList", () => {
  it("adds UTC, which the runtime's list leaves out, once", () => {
    expect(zoneList(runtime)).toEqual(["UTC", ...runtime]);
    expect(zoneList(["UTC", "Asia/Tokyo"])).toEqual(["UTC", "Asia/Tokyo"]);
  });
});

describe("searchZones", () => {
  const zones = zoneList(runtime);

  it("counts against the same total whatever zone is chosen, before and after a search", () => {
    // UTC chosen (the default), then Paris: the total does not move (it moved from 5 to 4 when UTC was only
    // listed while chosen), and UTC can still be chosen again.
    expect(searchZones(zones, "UTC", "")).toMatchObject({ matches: 5, total: 5 });
    expect(searchZones(zones, "Europe/Paris", "")).toMatchObject({ matches: 5, total: 5 });
    expect(searchZones(zones, "Europe/Paris", "").options).toContain("UTC");
    expect(searchZones(zones, "Europe/Paris", "utc")).toMatchObject({ matches: 1, total: 5 });
  });

  it("keeps the chosen zone in the options without counting it as a match", () => {
    const paris = searchZones(zones, "UTC", "paris");
    expect(paris).toEqual({ options: ["UTC", "Europe/Paris"], matches: 1, total: 5 });
    expect(zoneCountText(paris, "paris")).toBe("1 of 5 zones match.");
    expect(searchZones(zones, "Europe/Paris", " PARIS ").options).toEqual(["Europe/Paris"]);
    // Spaces stand for underscores, as the options show them.
    expect(searchZones(zones, "UTC", "new york").options).toEqual(["UTC", "America/New_York"]);
    expect(zoneCountText(searchZones(zones, "UTC", ""), "")).toBe("5 zones.");
  });

  it("holds a chosen zone the list lacks (an alias saved earlier) without changing the total", () => {
    expect(searchZones(zones, "Asia/Calcutta", "")).toEqual({
      options: ["Asia/Calcutta", ...zones],
      matches: 5,
      total: 5,
    });
  });
});
