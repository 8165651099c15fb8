// A broadcast's recipients with what each did (server/services/broadcasts/list-broadcast-recipients.ts and the CSV
// export): filters, search by address or name, keyset pages, a link's clickers (through the real click endpoint
// and rollup), formula-safe export cells, and the workspace boundary.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "@/server/db/pool";
import { listBroadcastRecipients } from "@/server/services/broadcasts/list-broadcast-recipients";
import { exportBroadcastRecipientsCsv } from "@/server/services/broadcasts/export-broadcast-recipients-csv";
import { GET as clickLink } from "@/app/(public)/t/c/[linkId]/[token]/route";
import { GET as recipientsRoute } from "@/app/api/v1/broadcasts/[id]/recipients/route";
import { ZBroadcastRecipientPage } from "@/lib/schemas/broadcast-recipients";
import { call, makeWorkspace } from "../support/fixtures";
import { drain, makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";

const HUMAN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const click = (linkId: bigint, token: string) =>
  clickLink(new Request(`http://sendwell.test/t/c/${linkId}/${token}`, { headers: { "user-agent": HUMAN } }), {
    params: Promise.resolve({ linkId: String(linkId), token }),
  });

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("a broadcast's recipients", () => {
  let workspaceId: string;
  let otherId: string;
  let readKey: string;
  let b: SentBroadcast;
  const emailOf = (i: number) => b.recipients[i]!.email;

  beforeAll(async () => {
    const [ws, other] = await Promise.all([makeWorkspace(), makeWorkspace()]);
    [workspaceId, otherId, readKey] = [ws.id, other.id, ws.readKey];
    // r0…r5, in address order (r0-… < r1-… ).
    b = await makeSentBroadcast({ workspaceId, count: 6 });
    const id = (i: number) => b.recipients[i]!.id.toString();
    const set = (i: number, assignments: string) =>
      sql(`UPDATE "BroadcastRecipient" SET ${assignments} WHERE id = $1`, [id(i)]);
    await set(0, `"deliveredAt" = now()`);
    await set(2, `"bouncedAt" = now(), "bounceType" = 'hard'`);
    await set(3, `"unsubscribedAt" = now(), "openedAt" = now()`);
    await set(4, `status = 'failed', "sentAt" = NULL, error = '550 no such user'`);
    await sql(`UPDATE "Contact" SET "firstName" = '=HYPERLINK("x")', "lastName" = 'Doe' WHERE id = $1`, [
      b.recipients[5]!.contactId,
    ]);
    // r1 clicks link a, r5 clicks a and b: each click implies their open (rollup).
    await click(b.links[0]!.id, b.recipients[1]!.token);
    await click(b.links[0]!.id, b.recipients[5]!.token);
    await click(b.links[1]!.id, b.recipients[5]!.token);
    await drain();
  });

  const list = (filter = {}, extra: { limit?: number; cursor?: string } = {}) =>
    listBroadcastRecipients({ workspaceId, broadcastId: b.id, filter, ...extra });

  it("lists every recipient in address order with the state that tells most", async () => {
    const page = await list();
    expect(page.nextCursor).toBeNull();
    expect(page.data.map((r) => [r.email, r.state])).toEqual([
      [emailOf(0), "delivered"],
      [emailOf(1), "clicked"],
      [emailOf(2), "bounced"],
      [emailOf(3), "unsubscribed"],
      [emailOf(4), "failed"],
      [emailOf(5), "clicked"],
    ]);
    expect(page.data[5]).toMatchObject({ name: '=HYPERLINK("x") Doe', opens: 1, clicks: 2 });
    expect(page.data[4]).toMatchObject({ error: "550 no such user", sentAt: null });
  });

  it("filters by what they did", async () => {
    const emails = async (status: string) => (await list({ status })).data.map((r) => r.email);
    expect(await emails("opened")).toEqual([emailOf(1), emailOf(3), emailOf(5)]);
    expect(await emails("clicked")).toEqual([emailOf(1), emailOf(5)]);
    expect(await emails("not_opened")).toEqual([emailOf(0), emailOf(2)]);
    expect(await emails("bounced")).toEqual([emailOf(2)]);
    expect(await emails("unsubscribed")).toEqual([emailOf(3)]);
    expect(await emails("failed")).toEqual([emailOf(4)]);
    expect(await emails("delivered")).toEqual([emailOf(0)]);
    expect(await emails("complained")).toEqual([]);
  });

  it("searches addresses and names, wildcards taken literally", async () => {
    expect((await list({ search: "doe" })).data.map((r) => r.email)).toEqual([emailOf(5)]);
    expect((await list({ search: emailOf(2).toUpperCase() })).data.map((r) => r.email)).toEqual([emailOf(2)]);
    expect((await list({ search: "%" })).data).toEqual([]);
  });

  it("pages by keyset cursor, with filters kept", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({}, { limit: 4, cursor });
      seen.push(...page.data.map((r) => r.email));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(b.recipients.map((r) => r.email));
    const first = await list({ status: "opened" }, { limit: 2 });
    const second = await list({ status: "opened" }, { limit: 2, cursor: first.nextCursor! });
    expect([...first.data, ...second.data].map((r) => r.email)).toEqual([emailOf(1), emailOf(3), emailOf(5)]);
    expect(second.nextCursor).toBeNull();
    await expect(list({}, { cursor: "forged.cursor" })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("lists who clicked a link", async () => {
    const clickers = async (url: string) => (await list({ url })).data.map((r) => r.email);
    expect(await clickers("https://example.com/a")).toEqual([emailOf(1), emailOf(5)]);
    expect(await clickers("https://example.com/b")).toEqual([emailOf(5)]);
    expect(await clickers("https://example.com/none")).toEqual([]);
  });

  it("exports the same rows as formula-safe CSV, filters applied", async () => {
    const { stream, filename } = await exportBroadcastRecipientsCsv({ workspaceId, broadcastId: b.id });
    expect(filename).toMatch(/^recipients-tracked-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readAll(stream)).trim().split("\r\n");
    expect(lines[0]).toBe(
      "email,name,status,variant,sent_at,delivered_at,opened_at,clicked_at,opens,clicks,bounced_at,bounce_type,unsubscribed_at,complained_at,suppressed_by,error",
    );
    expect(lines).toHaveLength(7);
    expect(lines[6]).toContain(`${emailOf(5)},"'=HYPERLINK(""x"") Doe",clicked,`);
    const clicked = await exportBroadcastRecipientsCsv({
      workspaceId,
      broadcastId: b.id,
      filter: { url: "https://example.com/b" },
    });
    expect((await readAll(clicked.stream)).trim().split("\r\n")).toHaveLength(2);
  });

  it("answers GET /api/v1/broadcasts/{id}/recipients with the documented page", async () => {
    const path = `/api/v1/broadcasts/${b.id}/recipients`;
    const res = await call(recipientsRoute, "GET", `${path}?status=clicked&limit=1`, {
      key: readKey,
      params: { id: b.id },
    });
    expect(res.status).toBe(200);
    const page = ZBroadcastRecipientPage.strict().parse(res.body);
    expect(page.data.map((r) => r.email)).toEqual([emailOf(1)]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const bad = await call(recipientsRoute, "GET", `${path}?status=maybe`, { key: readKey, params: { id: b.id } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].pointer).toBe("#/query/status");
  });

  it("does not find another workspace's broadcast", async () => {
    await expect(listBroadcastRecipients({ workspaceId: otherId, broadcastId: b.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(exportBroadcastRecipientsCsv({ workspaceId: otherId, broadcastId: b.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
