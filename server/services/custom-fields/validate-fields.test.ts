import { describe, expect, it } from "vitest";
import { validateFields, type FieldDef } from "./validate-fields";

const defs: FieldDef[] = [
  { key: "company", type: "text", options: [] },
  { key: "age", type: "number", options: [] },
  { key: "vip", type: "boolean", options: [] },
  { key: "birthday", type: "date", options: [] },
  { key: "plan", type: "select", options: ["Free", "Pro Plus"] },
];

const one = (key: string, value: unknown) => validateFields(defs, { [key]: value });

describe("validateFields", () => {
  it.each([
    ["company", "  Acme  ", "Acme"],
    ["company", "x".repeat(1000), "x".repeat(1000)],
    ["age", 42, 42],
    ["age", -3.5, -3.5],
    ["age", "42", 42],
    ["age", " -0.5 ", -0.5],
    ["age", "1e3", 1000],
    ["age", ".5", 0.5],
    ["vip", true, true],
    ["vip", false, false],
    ["vip", "YES", true],
    ["vip", "no", false],
    ["vip", "1", true],
    ["vip", 0, false],
    ["vip", "False", false],
    ["birthday", "2024-02-29", "2024-02-29"],
    ["birthday", "2024-02-29T23:30:00-05:00", "2024-02-29"],
    ["birthday", "2024-02-29T10:00:00.123Z", "2024-02-29"],
    ["birthday", "0050-06-15", "0050-06-15"],
    ["birthday", "2024-02-29T10:00+15:59", "2024-02-29"],
    ["plan", "Free", "Free"],
    ["plan", " pro plus ", "Pro Plus"],
  ])("%s accepts %j as %j", (key, input, expected) => {
    expect(one(key, input)).toEqual({ values: { [key]: expected }, errors: [] });
  });

  it.each([
    ["company", null],
    ["age", ""],
    ["vip", "   "],
    ["plan", null],
  ])("%s: %j clears the value", (key, input) => {
    expect(one(key, input)).toEqual({ values: { [key]: null }, errors: [] });
  });

  it.each([
    ["company", 12, "Must be a string."],
    ["company", "x".repeat(1001), "At most 1000 characters."],
    ["age", "12abc", "Must be a finite number."],
    ["age", "0x10", "Must be a finite number."],
    ["age", "1,000", "Must be a finite number."],
    ["age", "Infinity", "Must be a finite number."],
    ["age", Number.NaN, "Must be a finite number."],
    ["age", true, "Must be a finite number."],
    ["vip", "maybe", "Must be a boolean (true/false, yes/no or 1/0)."],
    ["vip", 2, "Must be a boolean (true/false, yes/no or 1/0)."],
    ["birthday", "2023-02-29", "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", "2024-13-01", "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", "01/02/2024", "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", "2024-01-01T25:00:00Z", "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", 20240101, "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", "0000-01-01", "Must be a date (YYYY-MM-DD or an ISO 8601 date-time)."],
    ["birthday", "2024-01-01T10:00:00+23:00", "The time zone offset must be within ±15:59."],
    ["plan", "Gold", 'Must be one of: "Free", "Pro Plus".'],
    ["plan", ["Free"], "Must be one of the field's options."],
  ])("%s refuses %j", (key, input, detail) => {
    expect(one(key, input)).toEqual({ values: {}, errors: [{ pointer: `#/fields/${key}`, detail }] });
  });

  it("reports unknown keys and every bad value under the given prefix, escaping pointer characters", () => {
    const result = validateFields(defs, { age: "x", "a/b~c": 1, company: "ok" }, "#/contacts/3/fields");
    expect(result.values).toEqual({ company: "ok" });
    expect(result.errors).toEqual([
      { pointer: "#/contacts/3/fields/age", detail: "Must be a finite number." },
      { pointer: "#/contacts/3/fields/a~1b~0c", detail: "Unknown custom field." },
    ]);
  });

  it("accepts an empty object", () => {
    expect(validateFields([], {})).toEqual({ values: {}, errors: [] });
  });
});
