import { describe, expect, it } from "vitest";
import type { FieldDef } from "@/server/services/custom-fields/validate-fields";
import { planColumns, validateImportRow } from "./validate-import-row";
import { duplicateMessage, mergeDuplicateRows } from "./merge-duplicate-rows";

const defs: FieldDef[] = [
  { key: "plan", type: "select", options: ["Free", "Pro"] },
  { key: "seats", type: "number", options: [] },
];
const headers = ["Email", "First", "Last", "TZ", "Plan", "Seats", "Notes"];
const plan = planColumns(
  headers,
  {
    Email: "email",
    First: "firstName",
    Last: "lastName",
    TZ: "timezone",
    Plan: "field:plan",
    Seats: "field:seats",
    Notes: null,
  },
  defs,
);

describe("validateImportRow", () => {
  it("builds a contact, normalising time zones and custom fields", () => {
    expect(
      validateImportRow([" ada@example.com ", "Ada", "Lovelace", "europe/london", "pro", "3", "x"], plan, defs),
    ).toEqual({
      ok: true,
      row: {
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        timezone: "Europe/London",
        fields: { plan: "Pro", seats: 3 },
      },
      tags: [],
      warnings: [],
    });
  });

  it("leaves blank cells out, so they never clear a value", () => {
    expect(validateImportRow(["b@example.com", "", "  ", "", "", ""], plan, defs)).toEqual({
      ok: true,
      row: { email: "b@example.com" },
      tags: [],
      warnings: [],
    });
  });

  it("undoes the formula escaping of our own exports", () => {
    const result = validateImportRow(["c@example.com", "'=Bob", "'-", "", "", "'-2"], plan, defs);
    expect(result).toEqual({
      ok: true,
      row: { email: "c@example.com", firstName: "=Bob", lastName: "-", fields: { seats: -2 } },
      tags: [],
      warnings: [],
    });
  });

  it("imports a row without its bad optional values, naming each in a warning with its column", () => {
    const result = validateImportRow(
      ["a@example.com", "x".repeat(101), "Ok", "Mars/Olympus", "Gold", "many"],
      plan,
      defs,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toEqual({ email: "a@example.com", lastName: "Ok" });
    expect(result.warnings).toEqual([
      "First: longer than 100 characters, left out.",
      'TZ: "Mars/Olympus" is not a time zone such as Europe/Paris, left out.',
      'Plan: Must be one of: "Free", "Pro". Left out.',
      expect.stringMatching(/^Seats: Must be a finite number\. Left out\.$/),
    ]);
  });

  it("refuses a row only for its email", () => {
    const result = validateImportRow(["not-an-email", "x".repeat(101)], plan, defs);
    expect(result).toEqual({ ok: false, email: "not-an-email", message: "Email: Must be a valid email address." });
  });

  it("reads a status and a per-row tags cell; an unknown status or a too-long tag is a warning", () => {
    const tagPlan = planColumns(["E", "S", "T"], { E: "email", S: "status", T: "tags" }, []);
    expect(validateImportRow(["a@x.com", "Opted out", "VIP; news, vip"], tagPlan, [])).toEqual({
      ok: true,
      row: { email: "a@x.com", status: "unsubscribed" },
      tags: ["VIP", "news"],
      warnings: [],
    });
    const odd = validateImportRow(["a@x.com", "maybe", `ok, ${"t".repeat(101)}`], tagPlan, []);
    expect(odd).toMatchObject({ ok: true, row: { email: "a@x.com" }, tags: ["ok"] });
    if (!odd.ok) return;
    expect(odd.warnings).toHaveLength(2);
    expect(odd.warnings[0]).toMatch(/^S: "maybe" is not subscribed or unsubscribed/);
    expect(odd.warnings[1]).toMatch(/^T: the tag "t+…" is longer than 100 characters, skipped\.$/);
  });

  it("reports a missing email", () => {
    expect(validateImportRow(["", "Ann"], plan, defs)).toEqual({
      ok: false,
      email: null,
      message: "Email: The email is missing.",
    });
  });

  it("refuses a mapping that does not fit the file or the fields", () => {
    expect(() => planColumns(["a"], { b: "email" }, defs)).toThrow(/no column "b"/);
    expect(() => planColumns(["a", "b"], { a: "email", b: "field:gone" }, defs)).toThrow(/no longer exists/);
    expect(() => planColumns(["a"], { a: "firstName" }, defs)).toThrow(/email/);
  });
});

describe("mergeDuplicateRows", () => {
  const rows = [
    { line: 2, row: { email: "A@x.com", firstName: "First", fields: { plan: "Free" } } },
    { line: 3, row: { email: "b@x.com" } },
    { line: 5, row: { email: "a@X.com", lastName: "Later", fields: { seats: 2 } } },
  ];

  it("with updateExisting, merges repeats in file order and reports the line each repeats", () => {
    expect(mergeDuplicateRows(rows, true)).toEqual({
      tags: new Map(),
      rows: [
        { email: "A@x.com", firstName: "First", lastName: "Later", fields: { plan: "Free", seats: 2 } },
        { email: "b@x.com" },
      ],
      duplicates: [{ line: 5, email: "a@X.com", duplicateOf: 2, message: duplicateMessage(2, true) }],
      firstLines: new Map([
        ["a@x.com", 2],
        ["b@x.com", 3],
      ]),
      reapplied: 0,
    });
    expect(duplicateMessage(2, true)).toMatch(/^Same email as line 2: merged/);
  });

  it("without it, keeps the first row and says the repeat was not imported", () => {
    const result = mergeDuplicateRows(rows, false);
    expect(result.rows).toEqual([rows[0]!.row, rows[1]!.row]);
    expect(result.duplicates).toEqual([
      { line: 5, email: "a@X.com", duplicateOf: 2, message: duplicateMessage(2, false) },
    ]);
    expect(duplicateMessage(2, false)).toMatch(/^Same email as line 2: not imported; line 2 was/);
  });

  it("unites the per-row tags of merged repeats; a skipped repeat adds none", () => {
    const tagged = [
      { line: 2, row: { email: "a@x.com" }, tags: ["one"] },
      { line: 3, row: { email: "A@x.com" }, tags: ["two"] },
    ];
    expect(mergeDuplicateRows(tagged, true).tags).toEqual(new Map([["a@x.com", ["one", "two"]]]));
    expect(mergeDuplicateRows(tagged, false).tags).toEqual(new Map([["a@x.com", ["one"]]]));
  });

  it("recognises an email whose first line was in an earlier batch", () => {
    const earlier = new Map([["a@x.com", 1200]]);
    const update = mergeDuplicateRows(rows, true, earlier);
    expect(update.duplicates.map((d) => [d.line, d.duplicateOf])).toEqual([
      [2, 1200],
      [5, 1200],
    ]);
    // Both repeats update the contact line 1200 made, as one row, counted as duplicates rather than updated.
    expect(update.rows).toEqual([
      { email: "A@x.com", firstName: "First", lastName: "Later", fields: { plan: "Free", seats: 2 } },
      { email: "b@x.com" },
    ]);
    expect(update.reapplied).toBe(1);
    expect(update.firstLines).toEqual(new Map([["b@x.com", 3]]));
    const skip = mergeDuplicateRows(rows, false, earlier);
    expect(skip.rows).toEqual([{ email: "b@x.com" }]);
    expect(skip.reapplied).toBe(0);
  });
});
