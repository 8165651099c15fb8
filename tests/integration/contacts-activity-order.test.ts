// Activity pages are ordered by the numeric sequence: a feed whose sequence numbers cross a digit boundary
// (…998, …999, 1000…) must page newest first with no repeats (it once sorted by the text of the number).
import { describe, expect, it } from "vitest";
import * as activity from "@/app/api/v1/contacts/[id]/activity/route";
import { db } from "@/server/db/client";
import { call, makeWorkspace } from "../support/fixtures";

describe("GET /api/v1/contacts/{id}/activity ordering", () => {
  it("pages by numeric sequence across a digit boundary", async () => {
    const ws = await makeWorkspace();
    const contact = await db().contact.create({
      data: { workspaceId: ws.id, email: "order@example.com", emailKey: "order@example.com", source: "api" },
    });
    const base = 99_999_999_990n; // 25 rows cross 99,999,999,999 → 100,000,000,000: 11 digits → 12 digits
    const seqs = Array.from({ length: 25 }, (_, i) => base + BigInt(i));
    await db().contactActivity.deleteMany({ where: { seq: { in: seqs } } }); // a rerun on the same database
    await db().contactActivity.createMany({
      data: seqs.map((seq, i) => ({ seq, workspaceId: ws.id, contactId: contact.id, type: "tag.added", data: { i } })),
    });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=7&cursor=${encodeURIComponent(cursor)}` : "?limit=7";
      const res = await call(activity.GET, "GET", `/api/v1/contacts/${contact.id}/activity${q}`, {
        key: ws.readKey,
        params: { id: contact.id },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((a: { data: { i: number } }) => a.data.i));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
  });
});
