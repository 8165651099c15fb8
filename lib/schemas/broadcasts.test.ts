import { describe, expect, it } from "vitest";
import { ZCreateBroadcast, ZListBroadcastsQuery, ZScheduleBroadcast, ZTestBroadcast } from "./broadcasts";

describe("ZScheduleBroadcast", () => {
  it("narrows to one mode's fields, fixed by default", () => {
    expect(ZScheduleBroadcast.parse({ scheduledAt: "2030-01-01T09:00:00Z" })).toEqual({
      timezoneMode: "fixed",
      scheduledAt: new Date("2030-01-01T09:00:00Z"),
    });
    expect(
      ZScheduleBroadcast.parse({ timezoneMode: "subscriber", localDate: "2030-01-01", localTime: "09:00" }),
    ).toEqual({ timezoneMode: "subscriber", localDate: "2030-01-01", localTime: "09:00" });
  });

  it("names the field a mode is missing or does not use", () => {
    const paths = (v: unknown) => ZScheduleBroadcast.safeParse(v).error?.issues.map((i) => i.path.join("/"));
    expect(paths({ timezoneMode: "subscriber", localDate: "2030-01-01" })).toEqual(["localTime"]);
    expect(
      paths({
        timezoneMode: "subscriber",
        localDate: "2030-01-01",
        localTime: "09:00",
        scheduledAt: "2030-01-01T00:00:00Z",
      }),
    ).toEqual(["scheduledAt"]);
    expect(paths({ scheduledAt: "2030-01-01T00:00:00Z", localTime: "09:00" })).toEqual(["localTime"]);
  });
});

describe("ZTestBroadcast", () => {
  it("turns email or emails into one de-duplicated list", () => {
    expect(ZTestBroadcast.parse({ email: "a@example.com" })).toEqual({ emails: ["a@example.com"] });
    expect(ZTestBroadcast.parse({ emails: ["a@example.com", "a@example.com", "b@example.com"] }).emails).toEqual([
      "a@example.com",
      "b@example.com",
    ]);
  });

  it("counts an address once whatever its letter case, keeping the first spelling", () => {
    expect(
      ZTestBroadcast.parse({ emails: ["Ada@Example.com", "b@example.com", "ada@example.COM", "ADA@EXAMPLE.COM"] })
        .emails,
    ).toEqual(["Ada@Example.com", "b@example.com"]);
  });
});

describe("ZCreateBroadcast audience", () => {
  it("normalises the filter to its type's shape", () => {
    expect(
      ZCreateBroadcast.parse({ name: "x", audienceType: "all", audienceFilter: { ids: [] } }).audienceFilter,
    ).toEqual({});
    const id = "3F8E2C1A-5B7D-4E9F-A1C2-6D0B9E8F7A21";
    expect(
      ZCreateBroadcast.parse({ name: "x", audienceType: "segments", audienceFilter: { segmentIds: [id] } })
        .audienceFilter,
    ).toEqual({ segmentIds: [id.toLowerCase()], excludeSegmentIds: [] });
  });
});

describe("ZListBroadcastsQuery", () => {
  it("defaults to the newest first, unarchived, page 1 of 20", () => {
    expect(ZListBroadcastsQuery.parse({})).toMatchObject({
      sortBy: "createdAt",
      order: "desc",
      archived: false,
      page: 1,
      limit: 20,
    });
    expect(ZListBroadcastsQuery.parse({ archived: "true" }).archived).toBe(true);
  });
});
