// A CSV download never answers 200 and then stops: whatever can fail does so before the first byte (a problem
// response), and a failure after it reaches the client as a failed download, through a real HTTP server that sends
// the body the way `next start` does. The database "failing" is real: the process is pointed at a closed port.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "@/server/db/client";
import { upsertContacts } from "@/server/services/contacts/upsert-contacts";
import { EXPORT_BATCH, exportContactsCsv } from "@/server/services/exports/export-contacts-csv";
import * as apiRoute from "@/app/api/v1/contacts/export/route";
import * as dashboardRoute from "@/app/api/dashboard/contacts/export/route";
import { makeWorkspace } from "../support/fixtures";
import { serveRoute } from "../support/route-server";
import { sessionCookie } from "../support/session-cookie";

let ws: Awaited<ReturnType<typeof makeWorkspace>>;
const goodUrl = process.env.DATABASE_URL;

/** Every later query fails to connect (port 9 is closed); `restoreDb` puts the real database back. */
async function breakDb() {
  await disconnectDb();
  process.env.DATABASE_URL = "postgresql://nobody:nothing@127.0.0.1:9/nowhere";
}
async function restoreDb() {
  await disconnectDb();
  process.env.DATABASE_URL = goodUrl;
}

beforeAll(async () => {
  ws = await makeWorkspace();
  const rows = Array.from({ length: EXPORT_BATCH + 5 }, (_, i) => ({ email: `row${i}@example.com` }));
  await db().$transaction((tx) =>
    upsertContacts(tx, { workspaceId: ws.id, rows, updateExisting: true, source: "api", tagIds: [] }),
  );
}, 60_000);
afterAll(restoreDb);

describe("contacts CSV export over HTTP", () => {
  it("streams the whole file when nothing fails", async () => {
    const server = await serveRoute(apiRoute.GET);
    try {
      const res = await fetch(server.url("/api/v1/contacts/export"), { headers: { "X-API-Key": ws.readKey } });
      expect(res.status).toBe(200);
      expect((await res.text()).trim().split("\n")).toHaveLength(EXPORT_BATCH + 6);
    } finally {
      await server.close();
    }
  });

  it("answers a 422 problem before the first byte for a date PostgreSQL cannot hold", async () => {
    const server = await serveRoute(apiRoute.GET);
    try {
      const res = await fetch(server.url("/api/v1/contacts/export?createdFrom=0000-01-01"), {
        headers: { "X-API-Key": ws.readKey },
      });
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect((await res.json()).errors).toEqual([{ pointer: "#/query/createdFrom", detail: expect.any(String) }]);
    } finally {
      await server.close();
    }
  });

  it("rejects before returning a stream when the database fails (the wrapper answers a problem, not a 200)", async () => {
    await breakDb();
    try {
      await expect(exportContactsCsv({ workspaceId: ws.id })).rejects.toThrow();
    } finally {
      await restoreDb();
    }
  });

  it("fails the download, not ends it, when a page fails after the first byte (and logs why)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const server = await serveRoute(apiRoute.GET, { beforeBody: breakDb });
    try {
      const res = await fetch(server.url("/api/v1/contacts/export"), { headers: { "X-API-Key": ws.readKey } });
      expect(res.status).toBe(200); // the first page was read before the response started
      await expect(res.text()).rejects.toThrow();
      expect(server.pipeErrors).toHaveLength(1);
      const entries = logged.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(entries).toContainEqual(
        expect.objectContaining({ level: "error", source: "csv-download", export: "contacts", workspaceId: ws.id }),
      );
    } finally {
      logged.mockRestore();
      await restoreDb();
      await server.close();
    }
  });
});

describe("dashboard CSV export", () => {
  it("answers a 422 problem for a date PostgreSQL cannot hold", async () => {
    const user = await db().user.create({ data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" } });
    await db().membership.create({ data: { userId: user.id, workspaceId: ws.id, role: "owner" } });
    const { cookie } = await sessionCookie(user.id);
    const res = await dashboardRoute.GET(
      new Request("http://sendwell.test/api/dashboard/contacts/export?createdTo=2026-01-01T00:00:00%2B23:00", {
        headers: { cookie },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual([{ pointer: "#/query/createdTo", detail: expect.any(String) }]);
  });
});
