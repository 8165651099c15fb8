// The Outbox page's services and the sending settings, against the real database.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ZSendingSettings } from "@/lib/schemas/sending-settings";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";
import { getOutboxMessage } from "@/server/services/outbox/get-outbox-message";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { updateSendingSettings } from "@/server/services/workspaces/update-sending-settings";
import { makeWorkspace } from "../support/fixtures";

type Seed = { kind: string; to: string; subject: string; at: string; broadcastId?: string };

async function seed(workspaceId: string, rows: Seed[]) {
  await db().outboxMessage.createMany({
    data: rows.map((r) => ({
      workspaceId,
      kind: r.kind,
      fromAddress: "News <news@shop.test>",
      toAddress: r.to,
      subject: r.subject,
      html: `<html><head></head><body>${r.subject}</body></html>`,
      text: r.subject,
      headers: { "List-Unsubscribe": "<https://app.test/u/abc/one-click>", "X-Count": 3 },
      broadcastId: r.broadcastId ?? null,
      createdAt: new Date(r.at),
    })),
  });
}

describe("listOutboxMessages", () => {
  it("lists the workspace's messages newest first, with the broadcast's name and without bodies", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const broadcast = await db().broadcast.create({ data: { workspaceId: ws.id, name: "November news" } });
    await seed(ws.id, [
      {
        kind: "broadcast",
        to: "ada@x.test",
        subject: "Hello Ada",
        at: "2026-11-01T10:00:00Z",
        broadcastId: broadcast.id,
      },
      { kind: "test", to: "me@shop.test", subject: "[Test] Hello", at: "2026-11-01T11:00:00Z" },
      { kind: "transactional", to: "bob@x.test", subject: "Confirm", at: "2026-11-01T09:00:00Z" },
    ]);
    await seed(other.id, [{ kind: "broadcast", to: "eve@x.test", subject: "Other", at: "2026-11-02T00:00:00Z" }]);

    const page = await listOutboxMessages({ workspaceId: ws.id, query: { page: 1, limit: 20 } });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(page.data.map((m) => m.subject)).toEqual(["[Test] Hello", "Hello Ada", "Confirm"]);
    expect(page.data[1]).toEqual({
      id: expect.any(String),
      kind: "broadcast",
      fromAddress: "News <news@shop.test>",
      toAddress: "ada@x.test",
      subject: "Hello Ada",
      broadcastId: broadcast.id,
      broadcastName: "November news",
      automationId: null,
      automationName: null,
      createdAt: "2026-11-01T10:00:00.000Z",
    });
  });

  it("searches recipient and subject (wildcards literal), filters by kind, and counts past the last page", async () => {
    const ws = await makeWorkspace();
    await seed(ws.id, [
      { kind: "broadcast", to: "ada@x.test", subject: "50% off", at: "2026-11-01T10:00:00Z" },
      { kind: "broadcast", to: "ADAM@y.test", subject: "Sale", at: "2026-11-01T11:00:00Z" },
      { kind: "test", to: "me@shop.test", subject: "Ada's test", at: "2026-11-01T12:00:00Z" },
    ]);
    const list = (query: Parameters<typeof listOutboxMessages>[0]["query"]) =>
      listOutboxMessages({ workspaceId: ws.id, query });

    expect((await list({ page: 1, limit: 20, search: "ada" })).data.map((m) => m.toAddress)).toEqual([
      "me@shop.test",
      "ADAM@y.test",
      "ada@x.test",
    ]);
    expect((await list({ page: 1, limit: 20, search: "%" })).data.map((m) => m.subject)).toEqual(["50% off"]);
    expect((await list({ page: 1, limit: 20, search: "ada", kind: "broadcast" })).total).toBe(2);
    expect((await list({ page: 1, limit: 20, kind: "transactional" })).total).toBe(0);
    const past = await list({ page: 3, limit: 2 });
    expect(past).toMatchObject({ data: [], total: 3, totalPages: 2 });
  });
});

describe("getOutboxMessage", () => {
  it("returns bodies and headers as strings, and another workspace's message is not found", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    await seed(ws.id, [{ kind: "test", to: "me@shop.test", subject: "Hi", at: "2026-11-01T10:00:00Z" }]);
    const [row] = (await listOutboxMessages({ workspaceId: ws.id, query: { page: 1, limit: 1 } })).data;
    const message = await getOutboxMessage({ workspaceId: ws.id, messageId: row!.id });
    expect(message).toMatchObject({
      html: "<html><head></head><body>Hi</body></html>",
      text: "Hi",
      headers: { "List-Unsubscribe": "<https://app.test/u/abc/one-click>", "X-Count": "3" },
    });
    await expect(getOutboxMessage({ workspaceId: other.id, messageId: row!.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("sending settings", () => {
  it("start at UTC with nothing set, and save what the form sends, blanks as null", async () => {
    const ws = await makeWorkspace();
    expect(await getSendingSettings({ workspaceId: ws.id })).toEqual({
      postalAddress: null,
      defaultTimezone: "UTC",
      sendRatePerSecond: null,
      defaultFromName: null,
      defaultFromEmail: null,
    });
    const input = ZSendingSettings.parse({
      postalAddress: "  Shop Ltd\n1 Main St\nSpringfield  ",
      defaultTimezone: "europe/paris",
      sendRatePerSecond: 50,
      defaultFromName: "",
      defaultFromEmail: "news@shop.test",
    });
    await updateSendingSettings({ workspaceId: ws.id, input });
    expect(await getSendingSettings({ workspaceId: ws.id })).toEqual({
      postalAddress: "Shop Ltd\n1 Main St\nSpringfield",
      defaultTimezone: "Europe/Paris",
      sendRatePerSecond: 50,
      defaultFromName: null,
      defaultFromEmail: "news@shop.test",
    });
  });

  it.each([
    ["defaultTimezone", { defaultTimezone: "Mars/Olympus" }],
    ["defaultTimezone", { defaultTimezone: "+02:00" }],
    ["sendRatePerSecond", { sendRatePerSecond: 0 }],
    ["sendRatePerSecond", { sendRatePerSecond: 2.5 }],
    ["defaultFromEmail", { defaultFromEmail: "not-an-address" }],
    ["postalAddress", { postalAddress: "x".repeat(501) }],
  ])("refuse a bad %s", (field, change) => {
    const base = {
      postalAddress: null,
      defaultTimezone: "UTC",
      sendRatePerSecond: null,
      defaultFromName: null,
      defaultFromEmail: null,
    };
    const parsed = ZSendingSettings.safeParse({ ...base, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).toEqual([field]);
  });
});
