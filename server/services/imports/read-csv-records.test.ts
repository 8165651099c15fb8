import { describe, expect, it } from "vitest";
import { CsvFileError, readCsvRecords, type CsvRecord } from "./read-csv-records";

/** The bytes of `text` cut into pieces of `size` bytes: splits fall inside quotes, CRLFs and multi-byte characters. */
async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function records(text: string, size = 1 << 20): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of readCsvRecords(pieces(text, size))) out.push(r);
  return out;
}

describe("readCsvRecords", () => {
  it("strips a UTF-8 BOM and sniffs `;`", async () => {
    expect(await records("\ufeffemail;name\r\na@x.com;Ann\r\n")).toEqual([
      { line: 1, cells: ["email", "name"] },
      { line: 2, cells: ["a@x.com", "Ann"] },
    ]);
  });

  it("reads tab-separated files", async () => {
    expect((await records("email\tname\nb@x.com\tBob\n")).map((r) => r.cells)).toEqual([
      ["email", "name"],
      ["b@x.com", "Bob"],
    ]);
  });

  it("keeps quoted line breaks, quotes and delimiters, and counts lines where records start", async () => {
    const text = 'email,note\r\na@x.com,"two\r\nlines"\r\n\r\nb@x.com,"say ""hi"", ok"\nc@x.com,"a\nb\nc"\rd@x.com,x\n';
    expect(await records(text)).toEqual([
      { line: 1, cells: ["email", "note"] },
      { line: 2, cells: ["a@x.com", "two\r\nlines"] },
      { line: 5, cells: ["b@x.com", 'say "hi", ok'] },
      { line: 6, cells: ["c@x.com", "a\nb\nc"] },
      { line: 9, cells: ["d@x.com", "x"] },
    ]);
  });

  it("gives the same records whatever the chunk boundaries, multi-byte characters included", async () => {
    const text = '\ufeffemail;name\r\nzoë@x.com;"Zoë ""🎉""\r\nÅsa"\r\nłukasz@x.com;Łukasz\r\n';
    const whole = await records(text);
    for (const size of [1, 2, 3, 5, 7]) expect(await records(text, size)).toEqual(whole);
    expect(whole[1]!.cells[1]).toBe('Zoë "🎉"\r\nÅsa');
  });

  it("skips blank lines and lines of bare delimiters, tolerates ragged rows", async () => {
    const out = await records("email,name\n\n,\n  \na@x.com\nb@x.com,B,extra\n");
    expect(out).toEqual([
      { line: 1, cells: ["email", "name"] },
      { line: 5, cells: ["a@x.com"] },
      { line: 6, cells: ["b@x.com", "B", "extra"] },
    ]);
  });

  it("yields nothing for an empty file", async () => {
    expect(await records("")).toEqual([]);
  });

  it("reports an unclosed quote as a CsvFileError", async () => {
    await expect(records('email,name\na@x.com,"open\nb@x.com,B\n')).rejects.toBeInstanceOf(CsvFileError);
    await expect(records('email,name\na@x.com,"open\n')).rejects.toThrow(/never closed/);
  });
});
