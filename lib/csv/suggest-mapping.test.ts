import { describe, expect, it } from "vitest";
import { likeness, MAPPING_THRESHOLD, suggestMapping } from "./suggest-mapping";
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

describe("suggestMapping by likeness", () => {
  const fields = [
    { key: "wholesale_account", label: "Wholesale account" },
    { key: "company_size", label: "Company size" },
  ];

  it("matches the headers marketers write", () => {
    expect(
      suggestMapping(["E-mail address", "First", "Surname", "Wholesale", "Tags", "Status", "Phone"], fields),
    ).toEqual({
      "E-mail address": "email",
      First: "firstName",
      Surname: "lastName",
      Wholesale: "field:wholesale_account",
      Tags: "tags",
      Status: "status",
      Phone: null,
    });
    expect(suggestMapping(["Email", "Subscribed", "Tag", "companySize", "Timezone"], fields)).toEqual({
      Email: "email",
      Subscribed: "status",
      Tag: "tags",
      companySize: "field:company_size",
      Timezone: "timezone",
    });
  });

  it("gives a target to the column most like it, whatever the order", () => {
    // "Wholesale" is less like the field than "Wholesale account" is, though it comes first.
    expect(suggestMapping(["Wholesale", "Wholesale account"], fields)).toEqual({
      Wholesale: null,
      "Wholesale account": "field:wholesale_account",
    });
  });

  it("maps nothing below the threshold", () => {
    expect(suggestMapping(["Phone", "Notes", "ID", "Name", "Country", "Zip", "E", "Date"], fields)).toEqual({
      Phone: null,
      Notes: null,
      ID: null,
      Name: null,
      Country: null,
      Zip: null,
      E: null,
      Date: null,
    });
    expect(likeness("Name", "first name")).toBeLessThan(MAPPING_THRESHOLD);
    expect(likeness("Comp", "company size")).toBeGreaterThanOrEqual(MAPPING_THRESHOLD); // a 4-letter prefix
    expect(likeness("Com", "company size")).toBeLessThan(MAPPING_THRESHOLD);
  });

  it("scores deterministically", () => {
    expect(likeness("E-mail", "email")).toBe(1);
    expect(likeness("Wholesale", "Wholesale account")).toBeCloseTo(0.8 + 0.2 * (9 / 16));
    expect(likeness("Emial", "email")).toBeLessThan(MAPPING_THRESHOLD);
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
