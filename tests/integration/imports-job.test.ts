// CSV import end to end on the real database: upload (streamed into chunks), start, and the job handler run
// directly (the worker is tested in imports-routes). Counts, error lines, skip/update, tags, crash and resume.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { createTag } from "@/server/services/tags/create-tag";
import { createImportFromStream } from "@/server/services/imports/create-import-from-stream";
import { startImport } from "@/server/services/imports/start-import";
import { getImport } from "@/server/services/imports/get-import";
import { runImport } from "@/server/services/imports/run-import";
import { duplicateMessage } from "@/server/services/imports/merge-duplicate-rows";
import { stopJobSender } from "@/server/jobs/enqueue";
import type { ImportMapping } from "@/lib/schemas/imports";
import { makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

async function* pieces(text: string, size: number) {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Uploads `text` in small network pieces and small chunks, so every test crosses chunk boundaries. */
const upload = (text: string, w = ws, chunkBytes = 4096) =>
  createImportFromStream({ workspaceId: w.id, filename: "test.csv", body: pieces(text, 1500), chunkBytes });

/**
 * Uploads and starts an import, then takes its pg-boss job back out of the queue: these tests run the handler
 * themselves, and a worker of another test file must not race them.
 */
async function prepare(
  text: string,
  opts: { mapping?: ImportMapping; tagIds?: string[]; updateExisting?: boolean; w?: Ws } = {},
) {
  const w = opts.w ?? ws;
  const up = await upload(text, w);
  await startImport({
    workspaceId: w.id,
    importId: up.id,
    input: {
      mapping: opts.mapping ?? up.suggestedMapping,
      tagIds: opts.tagIds ?? [],
      updateExisting: opts.updateExisting ?? true,
    },
  });
  await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
  return up;
}

const errorsOf = (importId: string) =>
  db().contactImportError.findMany({
    where: { importId },
    orderBy: { line: "asc" },
    select: { line: true, email: true, message: true },
  });
const counters = async (w: Ws, importId: string) => {
  const i = await getImport({ workspaceId: w.id, importId });
  return {
    status: i.status,
    processed: i.processedRows,
    total: i.totalRows,
    created: i.createdCount,
    updated: i.updatedCount,
    skipped: i.skippedCount,
    invalid: i.invalidCount,
    duplicates: i.duplicateCount,
    percent: i.percent,
  };
};
const rows = (n: number, from = 0, domain = "example.com") =>
  Array.from({ length: n }, (_, i) => `user${from + i}@${domain},First ${from + i},Last\n`).join("");

beforeAll(async () => {
  ws = await makeWorkspace();
  await db().customField.create({
    data: { workspaceId: ws.id, key: "plan", label: "Plan", type: "select", options: ["Free", "Pro"] },
  });
});
afterAll(stopJobSender);

describe("import job", () => {
  it("imports good rows and reports bad ones with exact line numbers (header = line 1)", async () => {
    const file = [
      "Email,First name,Last name,Plan", // 1
      "ann@example.com,Ann,Lee,Pro", // 2
      "not-an-email,Bad,Row,Free", // 3
      'bob@example.com,"Bob', // 4: a quoted line break…
      'by",Ray,free', // 5: …continues here
      "", // 6: blank, skipped
      "cat@example.com,Cat,Kim,Gold", // 7: not an option: imported without the plan, with a warning
      "dan@example.com,Dan,,", // 8
      "ANN@example.com,,Lee-Smith,", // 9: Ann again, a duplicate: merged into line 2's contact
    ].join("\r\n");
    const up = await prepare(file);
    expect(up.totalRows).toBe(6);
    expect(up.suggestedMapping).toEqual({
      Email: "email",
      "First name": "firstName",
      "Last name": "lastName",
      Plan: "field:plan",
    });
    await runImport(up.id);
    expect(await counters(ws, up.id)).toEqual({
      status: "completed",
      processed: 6,
      total: 6,
      created: 4,
      updated: 0,
      skipped: 0,
      invalid: 1,
      duplicates: 1,
      percent: 100,
    });
    expect((await getImport({ workspaceId: ws.id, importId: up.id })).warningCount).toBe(1);
    expect(await errorsOf(up.id)).toEqual([
      { line: 3, email: "not-an-email", message: "Email: Must be a valid email address." },
      { line: 7, email: "cat@example.com", message: 'Plan: Must be one of: "Free", "Pro". Left out.' },
      { line: 9, email: "ANN@example.com", message: duplicateMessage(2, true) },
    ]);
    const contacts = await db().contact.findMany({
      where: {
        workspaceId: ws.id,
        source: "import",
        email: { in: ["ann@example.com", "bob@example.com", "dan@example.com"] },
      },
      orderBy: { email: "asc" },
      select: { email: true, firstName: true, lastName: true, fields: true },
    });
    expect(contacts).toEqual([
      { email: "ann@example.com", firstName: "Ann", lastName: "Lee-Smith", fields: { plan: "Pro" } },
      { email: "bob@example.com", firstName: "Bob\r\nby", lastName: "Ray", fields: { plan: "Free" } },
      { email: "dan@example.com", firstName: "Dan", lastName: null, fields: {} },
    ]);
    await runImport(up.id); // a duplicate delivery of a finished job changes nothing
    expect((await counters(ws, up.id)).created).toBe(4);
  });

  it("skips existing contacts (and does not tag them) when updateExisting is false", async () => {
    const w = await makeWorkspace();
    const tag = await createTag({ workspaceId: w.id, input: { name: "Imported" } });
    await runImport((await prepare("email,first_name\nold@example.com,Old\n", { w })).id);
    const up = await prepare("email,first_name\nold@example.com,Changed\nnew@example.com,New\n", {
      w,
      tagIds: [tag.id],
      updateExisting: false,
    });
    await runImport(up.id);
    expect(await counters(w, up.id)).toMatchObject({
      status: "completed",
      processed: 2,
      created: 1,
      updated: 0,
      skipped: 1,
      invalid: 0,
    });
    const old = await db().contact.findFirstOrThrow({
      where: { workspaceId: w.id, emailKey: "old@example.com" },
      select: { firstName: true, tags: true },
    });
    expect(old).toEqual({ firstName: "Old", tags: [] });
    expect((await db().tag.findUniqueOrThrow({ where: { id: tag.id } })).contactCount).toBe(1);
  });

  it("applies tags to created and updated contacts with exact Tag.contactCount", async () => {
    const w = await makeWorkspace();
    const [t1, t2] = [
      await createTag({ workspaceId: w.id, input: { name: "A" } }),
      await createTag({ workspaceId: w.id, input: { name: "B" } }),
    ];
    await runImport((await prepare(`email,first_name\n${rows(5)}`, { w, tagIds: [t1.id, t2.id] })).id);
    const second = await prepare(`email,first_name\n${rows(3, 3)}`, { w, tagIds: [t1.id] });
    await runImport(second.id);
    expect(await counters(w, second.id)).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    const count = async (id: string) => (await db().tag.findUniqueOrThrow({ where: { id } })).contactCount;
    expect([await count(t1.id), await count(t2.id)]).toEqual([6, 5]);
    expect(await db().contactTag.count({ where: { tagId: t1.id } })).toBe(6);
  });

  it("resumes after a crash between batches: every contact exactly once, counters right", async () => {
    const w = await makeWorkspace();
    const tag = await createTag({ workspaceId: w.id, input: { name: "Crash" } });
    const bad = "broken-email\n";
    const up = await prepare(`email,first_name\n${rows(1500)}${bad}${rows(1999, 1500)}`, { w, tagIds: [tag.id] });
    const crash = new Error("simulated crash");
    await expect(
      runImport(up.id, {
        afterBatch: (n) => {
          if (n === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await counters(w, up.id)).toMatchObject({ status: "failed", processed: 2000, created: 1999, invalid: 1 });
    await runImport(up.id);
    expect(await counters(w, up.id)).toEqual({
      status: "completed",
      processed: 3500,
      total: 3500,
      created: 3499,
      updated: 0,
      skipped: 0,
      invalid: 1,
      duplicates: 0,
      percent: 100,
    });
    expect(await db().contact.count({ where: { workspaceId: w.id } })).toBe(3499);
    expect(await db().event.count({ where: { workspaceId: w.id, type: "contact.created" } })).toBe(3499);
    expect((await db().tag.findUniqueOrThrow({ where: { id: tag.id } })).contactCount).toBe(3499);
    expect(await errorsOf(up.id)).toEqual([
      { line: 1502, email: "broken-email", message: "email: Must be a valid email address." },
    ]);
  });

  it("a second run of the same job (a retry while the first still runs) never applies a batch twice", async () => {
    const w = await makeWorkspace();
    const up = await prepare(`email,first_name\n${rows(3000)}`, { w });
    // The second run starts between the first run's batches and finishes the import; the first then finds the
    // checkpoint moved and stops. (Interleaved deterministically: the embedded server serialises connections.)
    let second: Promise<void> | null = null;
    await runImport(up.id, {
      afterBatch: async (n) => {
        if (n === 1) await (second = runImport(up.id));
      },
    });
    await second;
    expect(await counters(w, up.id)).toMatchObject({ status: "completed", processed: 3000, created: 3000, updated: 0 });
    expect(await db().event.count({ where: { workspaceId: w.id, type: "contact.created" } })).toBe(3000);
  });

  it("imports 10,000 rows", async () => {
    const w = await makeWorkspace();
    const up = await prepare(`email;first_name;last_name\n${rows(10_000).replace(/,/g, ";")}`, { w });
    await runImport(up.id);
    expect(await counters(w, up.id)).toMatchObject({
      status: "completed",
      processed: 10_000,
      created: 10_000,
      invalid: 0,
    });
    expect(await db().contact.count({ where: { workspaceId: w.id } })).toBe(10_000);
    expect(await db().contactImportChunk.count({ where: { importId: up.id } })).toBe(Math.ceil(up.sizeBytes / 4096));
  }, 60_000);

  it("fails an import whose file lost a mapped custom field, with a clear error", async () => {
    const w = await makeWorkspace();
    const field = await db().customField.create({
      data: { workspaceId: w.id, key: "city", label: "City", type: "text" },
    });
    const up = await prepare("email,city\na@example.com,Paris\n", { w });
    await db().customField.delete({ where: { id: field.id } });
    await runImport(up.id);
    expect(await getImport({ workspaceId: w.id, importId: up.id })).toMatchObject({
      status: "failed",
      error: 'The custom field "city" no longer exists.',
    });
  });
});

describe("upload and start", () => {
  it("refuses a file that is not CSV and keeps nothing of it", async () => {
    const before = await db().contactImport.count({ where: { workspaceId: ws.id } });
    await expect(upload('email\n"never closed\n')).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringMatching(/never closed/),
    });
    await expect(upload("")).rejects.toMatchObject({ code: "VALIDATION", message: "The file is empty." });
    await expect(upload("email\n\n")).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      createImportFromStream({
        workspaceId: ws.id,
        filename: "big.csv",
        body: pieces(`email\n${rows(100)}`, 100),
        maxBytes: 1000,
      }),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await db().contactImport.count({ where: { workspaceId: ws.id } })).toBe(before);
  });

  it("validates the start settings and refuses a second start", async () => {
    const up = await upload("email,Plan\na@example.com,Pro\n");
    const start = (input: { mapping: ImportMapping; tagIds?: string[] }, w = ws) =>
      startImport({ workspaceId: w.id, importId: up.id, input: { tagIds: [], updateExisting: true, ...input } });
    await expect(start({ mapping: { email: "email", Nope: "firstName" } })).rejects.toMatchObject({
      code: "VALIDATION",
      errors: [{ pointer: "#/mapping/Nope", detail: expect.any(String) }],
    });
    await expect(start({ mapping: { email: "email", Plan: "field:missing" } })).rejects.toMatchObject({
      errors: [{ pointer: "#/mapping/Plan" }],
    });
    await expect(start({ mapping: { email: "email" }, tagIds: [randomUUID()] })).rejects.toMatchObject({
      errors: [{ pointer: "#/tagIds/0" }],
    });
    await expect(start({ mapping: { email: "email" } }, await makeWorkspace())).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await start({ mapping: { email: "email", Plan: "field:plan" } })).status).toBe("queued");
    await expect(start({ mapping: { email: "email" } })).rejects.toMatchObject({ code: "CONFLICT" });
    await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
  });
});
