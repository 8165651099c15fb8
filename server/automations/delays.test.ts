import { describe, expect, it } from "vitest";
import { contactZone, delayEnd } from "./delays";

const at = (iso: string) => new Date(iso);

describe("delayEnd", () => {
  it("duration: that long after the run reached the step", () => {
    expect(delayEnd({ mode: "duration", amount: 2, unit: "days" }, at("2026-03-01T10:00:00Z"), "UTC", {})).toEqual(
      at("2026-03-03T10:00:00Z"),
    );
    expect(delayEnd({ mode: "duration", amount: 90, unit: "minutes" }, at("2026-03-01T10:00:00Z"), "UTC", {})).toEqual(
      at("2026-03-01T11:30:00Z"),
    );
  });

  it("until_time: the next time of day in the contact's zone, today when still ahead", () => {
    // 10:00 UTC is 19:00 in Tokyo: 09:00 there is tomorrow, 00:00 UTC.
    expect(delayEnd({ mode: "until_time", time: "09:00" }, at("2026-03-01T10:00:00Z"), "Asia/Tokyo", {})).toEqual(
      at("2026-03-02T00:00:00Z"),
    );
    // 10:00 UTC is 05:00 in New York (EST): 09:00 there is today, 14:00 UTC.
    expect(delayEnd({ mode: "until_time", time: "09:00" }, at("2026-03-01T10:00:00Z"), "America/New_York", {})).toEqual(
      at("2026-03-01T14:00:00Z"),
    );
  });

  it("until_time with weekdays: skips to the next allowed day, across a daylight-saving change", () => {
    // Sunday 2026-03-08 is the US spring-forward day; from Friday 6 March, Monday 9 March 09:00 EDT = 13:00 UTC.
    expect(
      delayEnd(
        { mode: "until_time", time: "09:00", weekdays: [1] },
        at("2026-03-06T15:00:00Z"),
        "America/New_York",
        {},
      ),
    ).toEqual(at("2026-03-09T13:00:00Z"));
    // Weekdays only, from Saturday in Berlin: Monday.
    expect(
      delayEnd(
        { mode: "until_time", time: "08:30", weekdays: [1, 2, 3, 4, 5] },
        at("2026-03-07T12:00:00Z"),
        "Europe/Berlin",
        {},
      ),
    ).toEqual(at("2026-03-09T07:30:00Z"));
  });

  it("until_date: the field's day plus the offset at the time in the zone; empty goes on at once", () => {
    const entered = at("2026-03-01T10:00:00Z");
    const delay = { mode: "until_date" as const, field: "fields.renewal", offsetDays: -3, time: "10:00" };
    expect(delayEnd(delay, entered, "Europe/Paris", { renewal: "2026-06-10" })).toEqual(at("2026-06-07T08:00:00Z"));
    expect(delayEnd(delay, entered, "Europe/Paris", {})).toEqual(entered);
    expect(delayEnd(delay, entered, "Europe/Paris", { renewal: 12 })).toEqual(entered);
  });

  it("reads the contact's zone, else the workspace's, else UTC", () => {
    expect(contactZone("Asia/Tokyo", "Europe/Paris")).toBe("Asia/Tokyo");
    expect(contactZone("Nowhere/Else", "Europe/Paris")).toBe("Europe/Paris");
    expect(contactZone(null, "bad")).toBe("UTC");
  });
});
