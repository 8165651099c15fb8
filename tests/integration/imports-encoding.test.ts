// CSV imports never corrupt data, with real bytes on the real database: files in Windows-1252, UTF-8 with a BOM
// and UTF-16 LE are decoded right; another encoding picked in the preview is used by the job; bytes the encoding
// cannot read are reported, never stored as U+FFFD; images and programs are refused before anything is stored;
// duplicate emails are reported per line with the line that won, and the counters add up to the rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { createImportFromStream } from "@/server/services/imports/create-import-from-stream";
import { getImportPreview } from "@/server/services/imports/get-import-preview";
import { startImport } from "@/server/services/imports/start-import";
import { getImport } from "@/server/services/imports/get-import";
import { runImport, IMPORT_BATCH_ROWS } from "@/server/services/imports/run-import";
import { exportImportErrorsCsv } from "@/server/services/imports/export-import-errors";
import { duplicateMessage } from "@/server/services/imports/merge-duplicate-rows";
import { stopJobSender } from "@/server/jobs/enqueue";
import type { ImportEncoding } from "@/lib/csv/text-encoding";
import { makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

async function* pieces(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Odd piece and chunk sizes, so multi-byte characters and UTF-16 pairs are cut at both kinds of boundary. */
const upload = (bytes: Buffer, w = ws) =>
  createImportFromStream({ workspaceId: w.id, filename: "list.csv", body: pieces(bytes, 7), chunkBytes: 33 });

async function run(importId: string, opts: { encoding?: ImportEncoding; updateExisting?: boolean; w?: Ws } = {}) {
  const w = opts.w ?? ws;
  const preview = await getImportPreview({ workspaceId: w.id, importId, encoding: opts.encoding });
  await startImport({
    workspaceId: w.id,
    importId,
    input: {
      mapping: preview.suggestedMapping,
      tagIds: [],
      updateExisting: opts.updateExisting ?? true,
      encoding: opts.encoding,
    },
  });
  // These tests run the handler themselves; a worker of another test file must not race them.
  await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [importId]);
  await runImport(importId);
  return getImport({ workspaceId: w.id, importId });
}

const names = (w: Ws) =>
  db().contact.findMany({
    where: { workspaceId: w.id },
    orderBy: { email: "asc" },
    select: { email: true, firstName: true, lastName: true },
  });

const NAMES = "email;first_name;last_name\r\nf@example.com;François;Müller\r\nz@example.com;Zoë;Ærø\r\n";
const EXPECTED = [
  { email: "f@example.com", firstName: "François", lastName: "Müller" },
  { email: "z@example.com", firstName: "Zoë", lastName: "Ærø" },
];

beforeAll(async () => {
  ws = await makeWorkspace();
});
afterAll(stopJobSender);

describe("encodings", () => {
  it("detects a Windows-1252 (Excel) file and imports its names intact", async () => {
    const w = await makeWorkspace();
    const up = await upload(Buffer.from(NAMES, "latin1"), w);
    expect(up).toMatchObject({ encoding: "windows-1252", detectedEncoding: "windows-1252", totalRows: 2 });
    expect(up.undecodable).toEqual({ lines: 0, example: null });
    expect(up.preview[0]).toEqual(["f@example.com", "François", "Müller"]);
    const done = await run(up.id, { w });
    expect(done).toMatchObject({ status: "completed", encoding: "windows-1252", createdCount: 2, invalidCount: 0 });
    expect(await names(w)).toEqual(EXPECTED);
  });

  it("switches to Windows-1252 when a Latin-1 byte comes only after the first bytes the detection looks at", async () => {
    const w = await makeWorkspace();
    const filler = Array.from({ length: 400 }, (_, i) => `u${i}@example.com;Ann;Lee\r\n`).join("");
    const up = await upload(
      Buffer.from(`email;first_name;last_name\r\n${filler}f@example.com;François;Müller\r\n`, "latin1"),
      w,
    );
    expect(up).toMatchObject({ encoding: "windows-1252", totalRows: 401 });
    await run(up.id, { w });
    expect(await db().contact.findFirst({ where: { workspaceId: w.id, emailKey: "f@example.com" } })).toMatchObject({
      firstName: "François",
      lastName: "Müller",
    });
  });

  it("reads UTF-8 with a BOM and UTF-16 LE with a BOM", async () => {
    const files: [Buffer, ImportEncoding][] = [
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NAMES, "utf8")]), "utf-8"],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(NAMES, "utf16le")]), "utf-16le"],
    ];
    for (const [bytes, encoding] of files) {
      const w = await makeWorkspace();
      const up = await upload(bytes, w);
      expect(up).toMatchObject({ encoding, headers: ["email", "first_name", "last_name"], totalRows: 2 });
      expect(await run(up.id, { w })).toMatchObject({ status: "completed", encoding, createdCount: 2 });
      expect(await names(w)).toEqual(EXPECTED);
    }
  });

  it("previews with an encoding the user picks, warns about undecodable lines, and the job uses the pick", async () => {
    const w = await makeWorkspace();
    // ISO-8859-15 has € at 0xA4 where Windows-1252 has ¤; detection cannot tell them apart.
    const bytes = Buffer.from("email;first_name\r\ne@example.com;Caf\xe9 \xa4\r\n", "latin1");
    const up = await upload(bytes, w);
    expect(up.preview[0]).toEqual(["e@example.com", "Café ¤"]);
    const asUtf8 = await getImportPreview({ workspaceId: w.id, importId: up.id, encoding: "utf-8" });
    expect(asUtf8).toMatchObject({ encoding: "utf-8", detectedEncoding: "windows-1252" });
    expect(asUtf8.undecodable).toEqual({ lines: 1, example: { line: 2, text: "e@example.com, Caf\ufffd \ufffd" } });
    const picked = await getImportPreview({ workspaceId: w.id, importId: up.id, encoding: "iso-8859-15" });
    expect(picked.preview[0]).toEqual(["e@example.com", "Café €"]);
    expect(await run(up.id, { w, encoding: "iso-8859-15" })).toMatchObject({
      encoding: "iso-8859-15",
      createdCount: 1,
    });
    expect((await names(w))[0]?.firstName).toBe("Café €");
  });

  it("never stores U+FFFD: lines the chosen encoding cannot read are reported invalid", async () => {
    const w = await makeWorkspace();
    const bytes = Buffer.concat([
      Buffer.from("\ufeffemail,first_name\na@example.com,Ann\n", "utf8"),
      Buffer.from("f@example.com,Fran\xe7ois\n", "latin1"),
    ]);
    const up = await upload(bytes, w); // the BOM says UTF-8, so UTF-8 it stays
    expect(up).toMatchObject({ encoding: "utf-8", undecodable: { lines: 1, example: { line: 3 } } });
    const done = await run(up.id, { w });
    expect(done).toMatchObject({ createdCount: 1, invalidCount: 1, processedRows: 2 });
    expect(
      await db().contactImportError.findMany({ where: { importId: up.id }, select: { line: true, message: true } }),
    ).toEqual([{ line: 3, message: expect.stringMatching(/not valid UTF-8 text, so nothing of it was imported/) }]);
    expect(await db().contact.count({ where: { workspaceId: w.id, firstName: { contains: "\ufffd" } } })).toBe(0);
  });
});

describe("files that are not text", () => {
  const PNG = Buffer.concat([
    Buffer.from("89504e470d0a1a0a0000000d4948445200000010000000100806000000", "hex"),
    Buffer.alloc(2000, 0x41),
  ]);
  const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(3000, 0)]);

  it("refuses a PNG, an ELF program and a file of NUL bytes before storing anything", async () => {
    const w = await makeWorkspace();
    const cases: [Buffer, RegExp][] = [
      [PNG, /PNG image/],
      [ELF, /program \(ELF\)/],
      [Buffer.concat([Buffer.from("email\n"), Buffer.alloc(500, 0)]), /NUL bytes/],
    ];
    for (const [bytes, what] of cases) {
      await expect(upload(bytes, w)).rejects.toMatchObject({
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: expect.stringMatching(new RegExp(`^This file is not a CSV text file: .*${what.source}`)),
      });
    }
    expect(await db().contactImport.count({ where: { workspaceId: w.id } })).toBe(0);
  });
});

describe("duplicate emails in one file", () => {
  const file = [
    "email,first_name,last_name", // 1
    "ann@example.com,Ann,Lee", // 2
    "bob@example.com,Bob,", // 3
    "ANN@example.com,,Lee-Smith", // 4: repeats line 2
    "ann@example.com,Annie,", // 5: repeats line 2
    "",
  ].join("\n");

  it("with update: merges into the first line's contact, reports each repeat and counts it as a duplicate", async () => {
    const w = await makeWorkspace();
    const done = await run((await upload(Buffer.from(file), w)).id, { w });
    expect(done).toMatchObject({
      createdCount: 2,
      updatedCount: 0,
      skippedCount: 0,
      invalidCount: 0,
      duplicateCount: 2,
    });
    expect(await names(w)).toEqual([
      { email: "ann@example.com", firstName: "Annie", lastName: "Lee-Smith" },
      { email: "bob@example.com", firstName: "Bob", lastName: null },
    ]);
    const stream = await exportImportErrorsCsv({ workspaceId: w.id, importId: done.id });
    const report = Buffer.from(await new Response(stream).arrayBuffer()).toString("utf8");
    const message = `"${duplicateMessage(2, true)}"`; // quoted: it holds a comma
    expect(report).toBe(
      "\ufeffline,email,outcome,message\r\n" +
        `4,ANN@example.com,duplicate,${message}\r\n` +
        `5,ann@example.com,duplicate,${message}\r\n`,
    );
  });

  it("without update: keeps the first line, skips and reports the repeats", async () => {
    const w = await makeWorkspace();
    const done = await run((await upload(Buffer.from(file), w)).id, { w, updateExisting: false });
    expect(done).toMatchObject({ createdCount: 2, skippedCount: 0, duplicateCount: 2 });
    expect((await names(w))[0]).toEqual({ email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
    expect(
      await db().contactImportError.findMany({
        where: { importId: done.id },
        orderBy: { line: "asc" },
        select: { line: true, duplicateOf: true, message: true },
      }),
    ).toEqual([
      { line: 4, duplicateOf: 2, message: duplicateMessage(2, false) },
      { line: 5, duplicateOf: 2, message: duplicateMessage(2, false) },
    ]);
  });

  it("recognises a repeat in a later batch, after a crash and resume too; the counters add up to the rows", async () => {
    const w = await makeWorkspace();
    const rows = Array.from({ length: IMPORT_BATCH_ROWS + 10 }, (_, i) => `u${i}@example.com,U${i}\n`).join("");
    // Line 2 is u0; the last line repeats it in the second batch.
    const up = await upload(Buffer.from(`email,first_name\n${rows}U0@example.com,Again\n`), w);
    const preview = await getImportPreview({ workspaceId: w.id, importId: up.id });
    await startImport({
      workspaceId: w.id,
      importId: up.id,
      input: { mapping: preview.suggestedMapping, tagIds: [], updateExisting: true },
    });
    await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
    const crash = new Error("simulated crash");
    await expect(runImport(up.id, { afterBatch: () => Promise.reject(crash) })).rejects.toBe(crash);
    await runImport(up.id);
    const done = await getImport({ workspaceId: w.id, importId: up.id });
    expect(done).toMatchObject({ status: "completed", createdCount: IMPORT_BATCH_ROWS + 10, updatedCount: 0 });
    expect(done.duplicateCount).toBe(1);
    const { createdCount, updatedCount, skippedCount, invalidCount, duplicateCount } = done;
    expect(createdCount + updatedCount + skippedCount + invalidCount + duplicateCount).toBe(done.totalRows);
    expect(
      await db().contactImportError.findMany({ where: { importId: up.id }, select: { line: true, duplicateOf: true } }),
    ).toEqual([{ line: IMPORT_BATCH_ROWS + 12, duplicateOf: 2 }]);
    expect(
      (await db().contact.findFirstOrThrow({ where: { workspaceId: w.id, emailKey: "u0@example.com" } })).firstName,
    ).toBe("Again");
    expect(await db().contactImportEmail.count({ where: { importId: up.id } })).toBe(0);
  }, 60_000);
});
