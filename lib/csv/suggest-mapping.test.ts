import { describe, expect, it } from "vitest";
import { suggestMapping } from "./suggest-mapping";
import { uniqueHeaders } from "./unique-headers";

describe("suggestMapping", () => {
  const fields = [
    { key: "plan", label: "Subscription plan" },
    { key: "company_size", label: "Company size" },
  ];

  it("maps common header spellings to contact attributes", () => {
    expect(suggestMapping(["Email Address", "First Name", "Surname", "Time zone", "Phone"], fields)).toEqual({
      "Email Address": "email",
      "First Name": "firstName",
      Surname: "lastName",
      "Time zone": "timezone",
      Phone: null,
    });
    expect(suggestMapping(["E-mail", "firstname", "Given name", "last", "TZ"], [])).toEqual({
      "E-mail": "email",
      firstname: "firstName",
      "Given name": null, // firstName is already taken by an earlier column
      last: "lastName",
      TZ: "timezone",
    });
  });

  it("maps custom fields by key or by label", () => {
    expect(suggestMapping(["email", "PLAN", "Company Size", "company_size (2)"], fields)).toEqual({
      email: "email",
      PLAN: "field:plan",
      "Company Size": "field:company_size",
      "company_size (2)": null,
    });
  });

  it("maps only one column to email", () => {
    expect(suggestMapping(["email", "Email Address"], [])).toEqual({ email: "email", "Email Address": null });
  });
});

describe("uniqueHeaders", () => {
  it("names blank headers and numbers repeats", () => {
    expect(uniqueHeaders([" email ", "", "Name", "name", "Name"])).toEqual([
      "email",
      "Column 2",
      "Name",
      "name (2)",
      "Name (3)",
    ]);
  });
});
