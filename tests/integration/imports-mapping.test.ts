// The mapping targets beyond plain attributes, end to end on the real database: a "Tags (per row)" column (new and
// existing tags, repeats in a cell, exact Tag.contactCount, events), a "Status" column (common spellings, never a
// resubscription), and bad optional values imported as warnings instead of refused rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { createTag } from "@/server/services/tags/create-tag";
import { createImportFromStream } from "@/server/services/imports/create-import-from-stream";
import { startImport } from "@/server/services/imports/start-import";
import { getImport } from "@/server/services/imports/get-import";
import { runImport } from "@/server/services/imports/run-import";
import { exportImportErrorsCsv } from "@/server/services/imports/export-import-errors";
import { listImportReport } from "@/server/services/imports/list-import-report";
import { stopJobSender } from "@/server/jobs/enqueue";
import { ZStartImport, type ImportMapping } from "@/lib/schemas/imports";
import { makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;

async function* once(text: string) {
  yield Buffer.from(text, "utf8");
}

/** Uploads, starts (taking the job back out of the queue so no worker races us) and runs an import. */
async function importCsv(
  w: Ws,
  text: string,
  mapping: ImportMapping,
  opts: { tagIds?: string[]; newTagNames?: string[]; updateExisting?: boolean } = {},
) {
  const up = await createImportFromStream({ workspaceId: w.id, filename: "m.csv", body: once(text) });
  await startImport({
    workspaceId: w.id,
    importId: up.id,
    input: {
      mapping,
      tagIds: opts.tagIds ?? [],
      newTagNames: opts.newTagNames,
      updateExisting: opts.updateExisting ?? true,
    },
  });
  await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
  await runImport(up.id);
  return getImport({ workspaceId: w.id, importId: up.id });
}

const contact = (w: Ws, email: string) =>
  db().contact.findFirstOrThrow({
    where: { workspaceId: w.id, emailKey: email.toLowerCase() },
    include: { tags: { include: { tag: true } } },
  });
const tagNames = async (w: Ws, email: string) => (await contact(w, email)).tags.map((t) => t.tag.name).sort();
const reportOf = (importId: string) =>
  db().contactImportError.findMany({
    where: { importId },
    orderBy: { line: "asc" },
    select: { line: true, message: true, imported: true, duplicateOf: true },
  });

afterAll(stopJobSender);

describe("Tags (per row)", () => {
  let ws: Ws;
  beforeAll(async () => {
    ws = await makeWorkspace();
  });

  it("creates missing tags (matched ignoring case), adds them on top of the chosen tags, counts exactly", async () => {
    const vip = await createTag({ workspaceId: ws.id, input: { name: "VIP" } });
    const chosen = await createTag({ workspaceId: ws.id, input: { name: "Spring fair" } });
    const csv =
      "Email,Tags\n" +
      "a@x.com,vip; Wholesale ; wholesale\n" + // existing tag in another case, a new one twice in one cell
      "b@x.com,WHOLESALE,Retail\n" + // unquoted comma: only the first cell is the tags column
      'c@x.com,"retail;vip"\n' +
      `d@x.com,"ok,${"t".repeat(101)}"\n` +
      "e@x.com,\n";
    const done = await importCsv(ws, csv, { Email: "email", Tags: "tags" }, { tagIds: [chosen.id] });
    expect(done).toMatchObject({ status: "completed", createdCount: 5, invalidCount: 0, warningCount: 1 });

    expect(await tagNames(ws, "a@x.com")).toEqual(["Spring fair", "VIP", "Wholesale"]);
    expect(await tagNames(ws, "b@x.com")).toEqual(["Spring fair", "Wholesale"]);
    expect(await tagNames(ws, "c@x.com")).toEqual(["Spring fair", "VIP", "retail"]);
    expect(await tagNames(ws, "d@x.com")).toEqual(["Spring fair", "ok"]);
    expect(await tagNames(ws, "e@x.com")).toEqual(["Spring fair"]);

    const tags = await db().tag.findMany({ where: { workspaceId: ws.id }, orderBy: { nameKey: "asc" } });
    // "Wholesale" is spelled as first seen; one tag per name whatever the case.
    expect(tags.map((t) => [t.name, t.contactCount])).toEqual([
      ["ok", 1],
      ["retail", 1],
      ["Spring fair", 5],
      ["VIP", 2],
      ["Wholesale", 2],
    ]);
    expect(tags.find((t) => t.id === vip.id)?.contactCount).toBe(2);

    const events = await db().event.findMany({ where: { workspaceId: ws.id, type: "contact.tag_added" } });
    expect(events).toHaveLength(5 + 2 + 2 + 1 + 1); // chosen tag ×5, VIP ×2, Wholesale ×2, retail, ok
    const a = await contact(ws, "a@x.com");
    const wholesale = tags.find((t) => t.name === "Wholesale")!;
    expect(events.map((e) => e.payload)).toContainEqual({ contactId: a.id, tagId: wholesale.id, tagName: "Wholesale" });

    expect(await reportOf(done.id)).toEqual([
      {
        line: 5,
        message: `Tags: the tag "${"t".repeat(57)}…" is longer than 100 characters, skipped.`,
        imported: true,
        duplicateOf: null,
      },
    ]);
  });

  it("does not tag existing contacts that a skip-existing import leaves alone; a merged repeat adds its tags", async () => {
    await importCsv(ws, "Email\nkeep@x.com\n", { Email: "email" });
    const done = await importCsv(
      ws,
      "Email,Tags\nkeep@x.com,Skipped\nnew@x.com,First\nNEW@x.com,Second\n",
      { Email: "email", Tags: "tags" },
      { updateExisting: false },
    );
    expect(done).toMatchObject({ createdCount: 1, skippedCount: 1, duplicateCount: 1 });
    expect(await tagNames(ws, "keep@x.com")).toEqual([]);
    expect(await tagNames(ws, "new@x.com")).toEqual(["First"]);
    // The tag is created (the cell asked for it) but carries nobody.
    expect((await db().tag.findFirst({ where: { workspaceId: ws.id, nameKey: "skipped" } }))?.contactCount).toBe(0);

    await importCsv(ws, "Email,Tags\nm@x.com,One\nM@x.com,Two\n", { Email: "email", Tags: "tags" });
    expect(await tagNames(ws, "m@x.com")).toEqual(["One", "Two"]);
  });
});

describe("tags named in the wizard", () => {
  let ws: Ws;
  beforeAll(async () => {
    ws = await makeWorkspace();
  });

  it("are created with the start (an existing one found ignoring case) and applied to every imported contact", async () => {
    const vip = await createTag({ workspaceId: ws.id, input: { name: "VIP" } });
    const done = await importCsv(
      ws,
      "Email\na@y.com\nb@y.com\n",
      { Email: "email" },
      { tagIds: [vip.id], newTagNames: ["Autumn fair", "vip", "autumn FAIR"] },
    );
    expect(done.status).toBe("completed");
    const tags = await db().tag.findMany({ where: { workspaceId: ws.id }, orderBy: { name: "asc" } });
    expect(tags.map((t) => [t.name, t.contactCount])).toEqual([
      ["Autumn fair", 2],
      ["VIP", 2],
    ]);
    expect(done.tagIds.sort()).toEqual(tags.map((t) => t.id).sort());
    expect(await tagNames(ws, "a@y.com")).toEqual(["Autumn fair", "VIP"]);
  });

  it("are not made when the start is refused, and are checked like any tag name", async () => {
    const up = await createImportFromStream({ workspaceId: ws.id, filename: "n.csv", body: once("Email\nc@y.com\n") });
    const input = { mapping: { Email: "email" as const }, tagIds: [], updateExisting: true };
    // Two starts at once (a double click): one wins; the other's transaction is rolled back with its new tag.
    const starts = await Promise.allSettled(
      ["First start", "Second start"].map((name) =>
        startImport({ workspaceId: ws.id, importId: up.id, input: { ...input, newTagNames: [name] } }),
      ),
    );
    await sql(`DELETE FROM pgboss.job WHERE name = 'import-contacts' AND data->>'importId' = $1`, [up.id]);
    expect(starts.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = starts.findIndex((s) => s.status === "rejected");
    expect((starts[lost] as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const names = (await db().tag.findMany({ where: { workspaceId: ws.id } })).map((t) => t.name);
    expect(names).toContain(lost === 0 ? "Second start" : "First start");
    expect(names).not.toContain(lost === 0 ? "First start" : "Second start");
    const parsed = ZStartImport.safeParse({ ...input, newTagNames: ["  ", "x".repeat(101)] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("/"), i.message])).toEqual([
      ["newTagNames/0", "Must not be empty."],
      ["newTagNames/1", "At most 100 characters."],
    ]);
  });
});

describe("Status", () => {
  let ws: Ws;
  beforeAll(async () => {
    ws = await makeWorkspace();
  });

  it("reads common spellings, creates contacts unsubscribed, and never resubscribes one who left", async () => {
    await db().contact.createMany({
      data: [
        { workspaceId: ws.id, email: "gone@x.com", emailKey: "gone@x.com", status: "unsubscribed", source: "api" },
        { workspaceId: ws.id, email: "bounce@x.com", emailKey: "bounce@x.com", status: "bounced", source: "api" },
        { workspaceId: ws.id, email: "stay@x.com", emailKey: "stay@x.com", status: "subscribed", source: "api" },
      ],
    });
    const csv =
      "Email,Subscribed\n" +
      "new-yes@x.com,Yes\n" +
      "new-no@x.com,opted out\n" +
      "new-zero@x.com,0\n" +
      "new-odd@x.com,perhaps\n" +
      "gone@x.com,TRUE\n" +
      "bounce@x.com,no\n" +
      "stay@x.com,false\n";
    const done = await importCsv(ws, csv, { Email: "email", Subscribed: "status" });
    expect(done).toMatchObject({ createdCount: 4, updatedCount: 3, invalidCount: 0, warningCount: 3 });
    const status = async (email: string) => (await contact(ws, email)).status;
    expect(await status("new-yes@x.com")).toBe("subscribed");
    expect(await status("new-no@x.com")).toBe("unsubscribed");
    expect(await status("new-zero@x.com")).toBe("unsubscribed");
    expect(await status("new-odd@x.com")).toBe("subscribed"); // the import's default for a new contact
    expect(await status("gone@x.com")).toBe("unsubscribed");
    expect(await status("bounce@x.com")).toBe("bounced");
    expect(await status("stay@x.com")).toBe("unsubscribed");

    const report = await reportOf(done.id);
    expect(report.map((r) => [r.line, r.imported])).toEqual([
      [5, true],
      [6, true],
      [7, true],
    ]);
    expect(report[0]!.message).toMatch(/^Subscribed: "perhaps" is not subscribed or unsubscribed/);
    expect(report[1]!.message).toBe(
      "Subscribed: the contact stays unsubscribed. An import never resubscribes a contact who unsubscribed, " +
        "bounced, complained or has not confirmed yet.",
    );
    expect(report[2]!.message).toMatch(/^Subscribed: the contact stays bounced\./);
  });
});

describe("bad optional values", () => {
  let ws: Ws;
  beforeAll(async () => {
    ws = await makeWorkspace();
    await db().customField.create({
      data: { workspaceId: ws.id, key: "seats", label: "Seats", type: "number" },
    });
  });

  it("imports the row without the bad value, reports it as a warning; a bad email still refuses the row", async () => {
    const csv =
      "Email,Seats,TZ,First\n" +
      "ok@x.com,3,Europe/Paris,Ann\n" +
      "warn@x.com,many,Mars/Base,Bob\n" +
      "nope,4,,\n" +
      "ok@x.com,,,Later\n";
    const done = await importCsv(ws, csv, { Email: "email", Seats: "field:seats", TZ: "timezone", First: "firstName" });
    expect(done).toMatchObject({
      status: "completed",
      totalRows: 4,
      createdCount: 2,
      updatedCount: 0,
      invalidCount: 1,
      duplicateCount: 1,
      warningCount: 1,
    });
    const warned = await contact(ws, "warn@x.com");
    expect(warned).toMatchObject({ firstName: "Bob", timezone: null, fields: {} });
    expect(await reportOf(done.id)).toEqual([
      {
        line: 3,
        message:
          'TZ: "Mars/Base" is not a time zone such as Europe/Paris, left out. Seats: Must be a finite number. Left out.',
        imported: true,
        duplicateOf: null,
      },
      { line: 4, message: "Email: Must be a valid email address.", imported: false, duplicateOf: null },
      { line: 5, message: expect.stringMatching(/^Same email as line 2/), imported: false, duplicateOf: 2 },
    ]);

    expect((await listImportReport({ workspaceId: ws.id, importId: done.id })).map((r) => [r.line, r.outcome])).toEqual(
      [
        [3, "warning"],
        [4, "invalid"],
        [5, "duplicate"],
      ],
    );
    const other = await makeWorkspace();
    await expect(listImportReport({ workspaceId: other.id, importId: done.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const text = await new Response(await exportImportErrorsCsv({ workspaceId: ws.id, importId: done.id })).text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("line,email,outcome,message");
    expect(lines[1]).toMatch(/^3,warn@x.com,imported with a warning,/);
    expect(lines[2]).toMatch(/^4,nope,invalid,/);
    expect(lines[3]).toMatch(/^5,ok@x.com,duplicate,/);
  });
});
