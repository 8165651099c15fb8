import { describe, expect, it } from "vitest";
import { sniffDelimiter } from "./sniff-delimiter";

describe("sniffDelimiter", () => {
  it.each([
    ["email,first_name,last_name\na@x.com,A,B", ","],
    ["email;first_name;last_name\r\na@x.com;A;B", ";"],
    ["email\tfirst_name\tlast_name\na@x.com\tA\tB", "\t"],
    ["\ufeffemail;name\n", ";"],
    ["email\n", ","],
    ["", ","],
  ])("%j → %j", (sample, expected) => {
    expect(sniffDelimiter(sample)).toBe(expected);
  });

  it("ignores delimiters inside quotes and looks at the first record only", () => {
    expect(sniffDelimiter('"Smith, John";"a,b,c";email\nx,y,z,w,v')).toBe(";");
    expect(sniffDelimiter('"multi\nline, with, commas";email;name\n')).toBe(";");
  });
});
