import { describe, expect, it } from "vitest";
import { CsvFileError, readCsvRecords, type CsvRecord } from "./read-csv-records";

/** The bytes of `text` cut into pieces of `size` bytes: splits fall inside quotes, CRLFs and multi-byte characters. */
async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function records(text: string, size = 1 << 20): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of readCsvRecords(pieces(text, size), "utf-8")) out.push(r);
  return out;
}

describe("readCsvRecords", () => {
  it("strips a UTF-8 BOM and sniffs `;`", async () => {
    expect(await records("\ufeffemail;name\r\na@x.com;Ann\r\n")).toEqual([
      { line: 1, cells: ["email", "name"], undecodable: false },
      { line: 2, cells: ["a@x.com", "Ann"], undecodable: false },
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
      { line: 1, cells: ["email", "note"], undecodable: false },
      { line: 2, cells: ["a@x.com", "two\r\nlines"], undecodable: false },
      { line: 5, cells: ["b@x.com", 'say "hi", ok'], undecodable: false },
      { line: 6, cells: ["c@x.com", "a\nb\nc"], undecodable: false },
      { line: 9, cells: ["d@x.com", "x"], undecodable: false },
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
      { line: 1, cells: ["email", "name"], undecodable: false },
      { line: 5, cells: ["a@x.com"], undecodable: false },
      { line: 6, cells: ["b@x.com", "B", "extra"], undecodable: false },
    ]);
  });

  it("yields nothing for an empty file", async () => {
    expect(await records("")).toEqual([]);
  });

  it("reports an unclosed quote as a CsvFileError", async () => {
    await expect(records('email,name\na@x.com,"open\nb@x.com,B\n')).rejects.toBeInstanceOf(CsvFileError);
    await expect(records('email,name\na@x.com,"open\n')).rejects.toThrow(/never closed/);
  });

  it("decodes Windows-1252 and UTF-16 bytes, a character split between chunks included", async () => {
    const latin1 = Buffer.from("email;name\r\nf@x.com;François Müller\r\n", "latin1");
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("email,name\nz@x.com,Zoë 🎉\n", "utf16le")]);
    const cases = [
      [latin1, "windows-1252", "François Müller"],
      [utf16le, "utf-16le", "Zoë 🎉"],
    ] as const;
    for (const [bytes, encoding, name] of cases) {
      for (const size of [1, 3, 1 << 20]) {
        const out: CsvRecord[] = [];
        for await (const r of readCsvRecords(cut(bytes, size), encoding)) out.push(r);
        expect(out).toEqual([
          { line: 1, cells: ["email", "name"], undecodable: false },
          { line: 2, cells: [expect.stringMatching(/@x\.com$/), name], undecodable: false },
        ]);
      }
    }
  });

  it("marks the records whose bytes are not valid in the encoding", async () => {
    const bytes = Buffer.from("email,name\na@x.com,Ann\nf@x.com,Fran\xe7ois\n", "latin1");
    const out: CsvRecord[] = [];
    for await (const r of readCsvRecords(cut(bytes, 4), "utf-8")) out.push(r);
    expect(out.map((r) => [r.line, r.undecodable])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });
});

async function* cut(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
