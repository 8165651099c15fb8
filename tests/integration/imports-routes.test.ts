// The dashboard's import routes with a real session cookie: upload streaming, auth and CSRF checks, workspace
// isolation, start validation, and one import run by the real worker process through pg-boss, then its progress
// and error report.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { stopJobSender } from "@/server/jobs/enqueue";
import * as collection from "@/app/api/dashboard/imports/route";
import * as item from "@/app/api/dashboard/imports/[id]/route";
import * as previewRoute from "@/app/api/dashboard/imports/[id]/preview/route";
import * as startRoute from "@/app/api/dashboard/imports/[id]/start/route";
import * as retryRoute from "@/app/api/dashboard/imports/[id]/retry/route";
import * as errorsRoute from "@/app/api/dashboard/imports/[id]/errors.csv/route";
import { dispatcherEnv } from "../support/webhook-receiver";
import { sessionCookie } from "../support/session-cookie";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ORIGIN = "http://sendwell.test";

async function signIn(workspaceNames: string[]) {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" },
    select: { id: true },
  });
  const workspaces = [];
  for (const name of workspaceNames) workspaces.push(await createWorkspace({ name, ownerId: user.id }));
  return { user, workspaces, cookie: (await sessionCookie(user.id)).cookie };
}

type Opts = {
  cookie?: string | null;
  origin?: string | null;
  body?: BodyInit;
  json?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string>;
};

async function send(handler: Handler, method: string, url: string, opts: Opts = {}) {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.origin !== null && method !== "GET") headers.set("origin", opts.origin ?? ORIGIN);
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers.set("content-type", "application/json");
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers, body, duplex: "half" };
  return handler(new Request(`${ORIGIN}${url}`, init), { params: Promise.resolve(opts.params ?? {}) });
}

/** A request body that arrives in small pieces, like a real upload. */
function streamOf(text: string, size = 512): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += size)));
    },
  });
}

const FILE = [
  "\ufeffE-mail;Vorname;Last name;Notes",
  "ann@example.com;Ann;Lee;ok",
  "=cmd|' /C calc'!A0;Evil;Row;x",
  "bob@example.com;Bob;;",
  "",
].join("\r\n");

let alice: Awaited<ReturnType<typeof signIn>>;
let mallory: Awaited<ReturnType<typeof signIn>>;
const upload = (text: string, who = alice, extra: Opts = {}) =>
  send(collection.POST as Handler, "POST", "/api/dashboard/imports?filename=list.csv", {
    cookie: who.cookie,
    body: streamOf(text),
    headers: { "content-type": "text/csv" },
    ...extra,
  });

beforeAll(async () => {
  alice = await signIn(["Alice One", "Alice Two"]);
  mallory = await signIn(["Mallory"]);
});
afterAll(stopJobSender);

describe("upload", () => {
  it("streams the file in and answers the preview and suggested mapping", async () => {
    const res = await upload(FILE, alice, { cookie: `${alice.cookie}; sw_workspace=${alice.workspaces[1]!.id}` });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toEqual({
      id: expect.any(String),
      filename: "list.csv",
      sizeBytes: Buffer.byteLength(FILE),
      totalRows: 3,
      headers: ["E-mail", "Vorname", "Last name", "Notes"],
      preview: [
        ["ann@example.com", "Ann", "Lee", "ok"],
        ["=cmd|' /C calc'!A0", "Evil", "Row", "x"],
        ["bob@example.com", "Bob", "", ""],
      ],
      suggestedMapping: { "E-mail": "email", Vorname: null, "Last name": "lastName", Notes: null },
      encoding: "utf-8",
      detectedEncoding: "utf-8",
      undecodable: { lines: 0, example: null },
    });
    const stored = await db().contactImport.findUniqueOrThrow({ where: { id: data.id } });
    expect(stored.workspaceId).toBe(alice.workspaces[1]!.id); // the workspace chosen by the switcher cookie
    const preview = await send(previewRoute.GET as Handler, "GET", `/api/dashboard/imports/${data.id}/preview`, {
      cookie: `${alice.cookie}; sw_workspace=${alice.workspaces[1]!.id}`,
      params: { id: data.id },
    });
    expect((await preview.json()).data).toEqual(data);
    const picked = await send(
      previewRoute.GET as Handler,
      "GET",
      `/api/dashboard/imports/${data.id}/preview?encoding=utf-16le`,
      { cookie: `${alice.cookie}; sw_workspace=${alice.workspaces[1]!.id}`, params: { id: data.id } },
    );
    expect((await picked.json()).data).toMatchObject({ encoding: "utf-16le", detectedEncoding: "utf-8" });
    const unknown = await send(
      previewRoute.GET as Handler,
      "GET",
      `/api/dashboard/imports/${data.id}/preview?encoding=ebcdic`,
      { cookie: `${alice.cookie}; sw_workspace=${alice.workspaces[1]!.id}`, params: { id: data.id } },
    );
    expect(unknown.status).toBe(422);
  });

  it("refuses a file that is not text with a 415 problem the wizard shows", async () => {
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(1000, 0)]);
    const res = await send(collection.POST as Handler, "POST", "/api/dashboard/imports?filename=photo.png", {
      cookie: alice.cookie,
      body: png,
      headers: { "content-type": "image/png" },
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      detail: expect.stringMatching(/^This file is not a CSV text file: it looks like a PNG image/),
    });
  });

  it("refuses requests without a valid session, from another origin, or of the wrong kind", async () => {
    expect((await upload(FILE, alice, { cookie: null })).status).toBe(401);
    expect((await upload(FILE, alice, { cookie: "next-auth.session-token=forged" })).status).toBe(401);
    const noOrigin = await upload(FILE, alice, { origin: null });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.headers.get("content-type")).toBe("application/problem+json");
    expect((await upload(FILE, alice, { origin: "https://evil.example" })).status).toBe(403);
    const multipart = await upload(FILE, alice, { headers: { "content-type": "multipart/form-data; boundary=x" } });
    expect(multipart.status).toBe(415);
    const huge = await upload(FILE, alice, {
      headers: { "content-type": "text/csv", "content-length": String(200 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const broken = await upload('email\n"unclosed\n');
    expect(broken.status).toBe(422);
    expect((await broken.json()).detail).toMatch(/never closed/);
  });
});

describe("start, progress and error report", () => {
  let importId: string;
  const get = (handler: Handler, suffix: string, who = alice) =>
    send(handler, "GET", `/api/dashboard/imports/${importId}${suffix}`, {
      cookie: who.cookie,
      params: { id: importId },
    });
  const start = (json: unknown, who = alice) =>
    send(startRoute.POST as Handler, "POST", `/api/dashboard/imports/${importId}/start`, {
      cookie: who.cookie,
      json,
      params: { id: importId },
    });

  beforeAll(async () => {
    importId = (await (await upload(FILE)).json()).data.id;
  });

  it("keeps other workspaces out (404) and validates the settings (422)", async () => {
    expect((await get(item.GET as Handler, "", mallory)).status).toBe(404);
    expect((await start({ mapping: { "E-mail": "email" } }, mallory)).status).toBe(404);
    const twoEmails = await start({ mapping: { "E-mail": "email", Notes: "email" } });
    expect(twoEmails.status).toBe(422);
    expect((await twoEmails.json()).errors).toEqual([
      { pointer: "#/mapping", detail: "Map exactly one column to email." },
    ]);
    expect(
      (
        await send(startRoute.POST as Handler, "POST", "/x", {
          cookie: alice.cookie,
          body: "{oops",
          headers: { "content-type": "application/json" },
          params: { id: importId },
        })
      ).status,
    ).toBe(400);
    // The same input rules as the API's (server/http/parse-input.ts): a body that is not JSON at all is a 415.
    expect(
      (
        await send(startRoute.POST as Handler, "POST", "/x", {
          cookie: alice.cookie,
          body: "mapping=email",
          params: { id: importId },
        })
      ).status,
    ).toBe(415);
    expect((await get(item.GET as Handler, "")).status).toBe(200);
  });

  it("runs in the worker through pg-boss, reports progress, and serves a formula-safe error report", async () => {
    const res = await start({
      mapping: { "E-mail": "email", Vorname: "firstName", "Last name": "lastName" },
      updateExisting: true,
    });
    expect(res.status).toBe(202);
    expect((await res.json()).data).toMatchObject({ id: importId, status: "queued", percent: 0, tagIds: [] });
    expect((await start({ mapping: { "E-mail": "email" } })).status).toBe(409);

    const worker = startWorker();
    try {
      let current: { status: string } = { status: "queued" };
      for (let i = 0; i < 300 && !["completed", "failed"].includes(current.status); i++) {
        await new Promise((r) => setTimeout(r, 200));
        current = (await (await get(item.GET as Handler, "")).json()).data;
      }
      expect(current).toMatchObject({
        status: "completed",
        processedRows: 3,
        totalRows: 3,
        percent: 100,
        createdCount: 2,
        invalidCount: 1,
      });
    } finally {
      await stopWorker(worker);
    }
    const report = await get(errorsRoute.GET as Handler, "/errors.csv");
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(report.headers.get("content-disposition")).toMatch(
      /^attachment; filename="import-errors-[0-9a-f]{8}\.csv"$/,
    );
    // Excel needs the BOM to read UTF-8; the email cell gets its apostrophe so it cannot run as a formula.
    expect(Buffer.from(await report.arrayBuffer()).toString("utf8")).toBe(
      "\ufeffline,email,outcome,message\r\n3,'=cmd|' /C calc'!A0,invalid,E-mail: Must be a valid email address.\r\n",
    );
    const retry = await send(retryRoute.POST as Handler, "POST", `/api/dashboard/imports/${importId}/retry`, {
      cookie: alice.cookie,
      params: { id: importId },
    });
    expect(retry.status).toBe(409);
    const list = await send(collection.GET as Handler, "GET", "/api/dashboard/imports", { cookie: alice.cookie });
    expect((await list.json()).data.map((i: { id: string }) => i.id)).toContain(importId);
    expect((await get(errorsRoute.GET as Handler, "/errors.csv", mallory)).status).toBe(404);
  }, 60_000);
});

function startWorker(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "worker/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    // Its webhook dispatcher may deliver other files' tasks: with the same settings as theirs.
    env: { ...process.env, ...dispatcherEnv, DATABASE_URL: inject("databaseUrl") },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
