import { describe, expect, it } from "vitest";
import { csvRow, escapeCsvCell, formulaSafe, unescapeCsvCell } from "./escape-csv-cell";

describe("formula-safe CSV cells", () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\rx", "'\rx"],
    ["'quoted", "''quoted"],
    ["plain", "plain"],
    ["a=b", "a=b"],
    ["", ""],
  ])("formulaSafe(%j) is %j and unescapes back", (input, safe) => {
    expect(formulaSafe(input)).toBe(safe);
    expect(unescapeCsvCell(safe)).toBe(input);
  });

  it("turns null, undefined, numbers and booleans into text", () => {
    expect(formulaSafe(null)).toBe("");
    expect(formulaSafe(undefined)).toBe("");
    expect(formulaSafe(-5)).toBe("'-5");
    expect(formulaSafe(true)).toBe("true");
  });

  it("leaves a lone apostrophe and ordinary text alone when unescaping", () => {
    expect(unescapeCsvCell("'")).toBe("'");
    expect(unescapeCsvCell("'hello")).toBe("'hello");
    expect(unescapeCsvCell("O'Brien")).toBe("O'Brien");
  });

  it("quotes cells with delimiters, quotes, line breaks or edge spaces (RFC 4180)", () => {
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell("a,b")).toBe('"a,b"');
    expect(escapeCsvCell("a;b")).toBe('"a;b"');
    expect(escapeCsvCell("line1\nline2")).toBe('"line1\nline2"');
    expect(escapeCsvCell(" padded ")).toBe('" padded "');
    expect(escapeCsvCell("=1,2")).toBe('"\'=1,2"');
    expect(escapeCsvCell("\tx")).toBe('"\'\tx"');
    expect(escapeCsvCell("Zoë 🎉")).toBe("Zoë 🎉");
  });

  it("ends records with CRLF", () => {
    expect(csvRow(["a", null, 3, "=x"])).toBe("a,,3,'=x\r\n");
  });
});
