import { describe, expect, it } from "vitest";
import { canonicalTimeZone, ZCreateContact, ZListContactsQuery } from "./contacts";

describe("canonicalTimeZone", () => {
  it.each([
    ["Europe/Paris", "Europe/Paris"],
    ["europe/paris", "Europe/Paris"],
    ["UTC", "UTC"],
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["asia/calcutta", expect.stringMatching(/^Asia\/(Calcutta|Kolkata)$/)],
  ])("accepts %s as %s", (input, expected) => expect(canonicalTimeZone(input)).toEqual(expected));

  it.each(["Mars/Olympus", "+02:00", "", "Europe/Paris; DROP", "GMT+2:00"])("refuses %j", (input) =>
    expect(canonicalTimeZone(input)).toBeNull(),
  );
});

describe("ZCreateContact", () => {
  it("trims the email and turns blank names and time zones into null", () => {
    expect(ZCreateContact.parse({ email: " a@b.co ", firstName: " ", timezone: "" })).toEqual({
      email: "a@b.co",
      firstName: null,
      timezone: null,
    });
  });
});

describe("ZListContactsQuery", () => {
  it("reads bare dates as whole UTC days and date-times as given", () => {
    expect(ZListContactsQuery.parse({ createdFrom: "2026-01-31", createdTo: "2026-01-31" })).toMatchObject({
      limit: 20,
      createdFrom: new Date("2026-01-31T00:00:00.000Z"),
      createdTo: new Date("2026-01-31T23:59:59.999Z"),
    });
    expect(ZListContactsQuery.parse({ createdFrom: "2026-01-31T10:00:00+02:00" }).createdFrom).toEqual(
      new Date("2026-01-31T08:00:00.000Z"),
    );
  });
});
