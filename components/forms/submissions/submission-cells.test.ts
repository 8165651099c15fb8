import { describe, expect, it } from "vitest";
import type { FormField } from "@/lib/schemas/forms";
import { columnLabel, valueColumns, valueText } from "./submission-cells";

describe("valueText", () => {
  const text = { type: "custom" } as const;
  const box = { type: "checkbox" } as const;
  it("shows booleans and ticked boxes as Yes/No, nothing as a dash", () => {
    expect(valueText(box, true)).toBe("Yes");
    expect(valueText(box, "on")).toBe("Yes");
    expect(valueText(box, false)).toBe("No");
    expect(valueText(text, undefined)).toBe("—");
    expect(valueText(text, "")).toBe("—");
  });

  it("keeps text as typed and joins lists", () => {
    expect(valueText(text, "=SUM(1)")).toBe("=SUM(1)");
    expect(valueText(text, 42)).toBe("42");
    expect(valueText(text, ["a", "b"])).toBe("a, b");
    expect(valueText(text, { a: 1 })).toBe('{"a":1}');
  });
});

describe("columns", () => {
  const fields: FormField[] = [
    { type: "email", name: "email", label: "Email", required: true },
    { type: "first_name", name: "firstName", label: "First name", required: false },
    { type: "hidden", name: "campaign", param: "utm_campaign" },
  ];
  it("leaves the email out and names hidden fields by their name", () => {
    expect(valueColumns(fields).map(columnLabel)).toEqual(["First name", "campaign"]);
  });
});
