// Composer image uploads through the real route handlers with a real session cookie, stored in a temporary data
// folder: what is accepted (sniffed from the bytes), every refusal, the public image URL's bytes and headers, and
// workspace isolation (the public path is a lookup in the Upload table, never a path on disk).
import { randomUUID } from "node:crypto";
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import * as collection from "@/app/api/dashboard/uploads/route";
import * as served from "@/app/(public)/uploads/[workspaceId]/[file]/route";
import { sessionCookie } from "../support/session-cookie";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ORIGIN = "http://sendwell.test";
const FIXTURES = path.resolve(import.meta.dirname, "../../server/uploads/fixtures");
const fixture = async (name: string) => Uint8Array.from(await readFile(path.join(FIXTURES, name)));

let dataDir: string;
let alice: Awaited<ReturnType<typeof signIn>>;
let mallory: Awaited<ReturnType<typeof signIn>>;

async function signIn(name: string) {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" },
    select: { id: true },
  });
  const workspace = await createWorkspace({ name, ownerId: user.id });
  return { user, workspace, cookie: (await sessionCookie(user.id)).cookie };
}

function formWith(bytes: Uint8Array<ArrayBuffer> | string, name = "picture.png", type = "image/png", field = "file") {
  const form = new FormData();
  form.set(field, new File([bytes], name, { type }));
  return form;
}

async function upload(body: BodyInit, who = alice, opts: { origin?: string | null; headers?: HeadersInit } = {}) {
  const headers = new Headers(opts.headers);
  if (who) headers.set("cookie", who.cookie);
  if (opts.origin !== null) headers.set("origin", opts.origin ?? ORIGIN);
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers, body, duplex: "half" };
  return (collection.POST as Handler)(new Request(`${ORIGIN}/api/dashboard/uploads`, init), {
    params: Promise.resolve({}),
  });
}

const list = (who = alice) =>
  (collection.GET as Handler)(new Request(`${ORIGIN}/api/dashboard/uploads`, { headers: { cookie: who.cookie } }), {
    params: Promise.resolve({}),
  });

function fetchImage(workspaceId: string, file: string) {
  return (served.GET as Handler)(new Request(`${ORIGIN}/uploads/${workspaceId}/${file}`), {
    params: Promise.resolve({ workspaceId, file }),
  });
}

async function expectProblem(res: Response, status: number, detail: RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  const body = (await res.json()) as { status: number; detail: string };
  expect(body.status).toBe(status);
  expect(body.detail).toMatch(detail);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "sendwell-uploads-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.S3_BUCKET;
  alice = await signIn("Alice");
  mallory = await signIn("Mallory");
});
afterEach(() => {
  delete process.env.UPLOAD_MAX_BYTES;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await rm(dataDir, { recursive: true, force: true });
});

describe("POST /api/dashboard/uploads", () => {
  it("stores a PNG in DATA_DIR/uploads/<workspace>/<id>.png and answers 201 with its absolute URL and size", async () => {
    const bytes = await fixture("img.png");
    const res = await upload(formWith(bytes, "../../Team photo.png"));
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    const id = data.id as string;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `${ORIGIN}/uploads/${alice.workspace.id}/${id}.png`,
      fileName: "Team photo.png",
      contentType: "image/png",
      size: bytes.byteLength,
      width: 37,
      height: 23,
      createdAt: expect.any(String),
    });
    const folder = path.join(dataDir, "uploads", alice.workspace.id);
    expect(new Uint8Array(await readFile(path.join(folder, `${id}.png`)))).toEqual(bytes);
    expect((await readdir(folder)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const row = await db().upload.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ workspaceId: alice.workspace.id, storage: "local", createdById: alice.user.id });
  });

  it.each([
    ["img.jpg", "image/jpeg", "jpg"],
    ["progressive-exif.jpg", "image/jpeg", "jpg"],
    ["img.gif", "image/gif", "gif"],
    ["lossy.webp", "image/webp", "webp"],
    ["lossless.webp", "image/webp", "webp"],
    ["alpha.webp", "image/webp", "webp"],
  ])("accepts %s as %s", async (name, contentType, ext) => {
    const res = await upload(formWith(await fixture(name), name, "application/octet-stream"));
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; contentType: string; width: number } };
    expect(data).toMatchObject({ contentType, width: 37, height: 23 });
    expect(data.url.endsWith(`.${ext}`)).toBe(true);
  });

  it("goes by the bytes, not by the name or the declared type: a PNG called .gif is stored as a PNG", async () => {
    const res = await upload(formWith(await fixture("img.png"), "cat.gif", "image/gif"));
    const { data } = (await res.json()) as { data: { url: string; contentType: string } };
    expect(data.contentType).toBe("image/png");
    expect(data.url).toMatch(/\.png$/);
  });

  it.each([
    ["SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "x.svg", /SVG images/],
    ["HTML named .png", "<html><script>alert(document.cookie)</script></html>", "x.png", /not an image we accept/],
    ["a PDF", "%PDF-1.7\n", "x.pdf", /PNG, JPEG, GIF or WebP/],
  ])("refuses %s with 415 and stores nothing", async (_, content, name, detail) => {
    const before = await db().upload.count({ where: { workspaceId: alice.workspace.id } });
    await expectProblem(await upload(formWith(content, name, "image/png")), 415, detail);
    expect(await db().upload.count({ where: { workspaceId: alice.workspace.id } })).toBe(before);
  });

  it("refuses a body that is not multipart with 415", async () => {
    const res = await upload(await fixture("img.png"), alice, { headers: { "content-type": "image/png" } });
    await expectProblem(res, 415, /multipart\/form-data/);
  });

  it("refuses a damaged image, an empty file and a missing field with 422", async () => {
    const png = await fixture("img.png");
    await expectProblem(await upload(formWith(png.subarray(0, 20))), 422, /damaged/);
    await expectProblem(await upload(formWith(new Uint8Array(0))), 422, /empty/);
    const res = await upload(formWith(png, "a.png", "image/png", "image"));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual([{ pointer: "#/file", detail: "Required." }]);
  });

  it("refuses a file over UPLOAD_MAX_BYTES with 413, by its declared length and while streaming one without", async () => {
    process.env.UPLOAD_MAX_BYTES = "200";
    const big = new Uint8Array(40_000);
    big.set(await fixture("img.png"));
    await expectProblem(await upload(formWith(big)), 413, /limited to 200 bytes/);

    // A declared Content-Length over the limit is refused before the body is read at all.
    const encoded = new Response(formWith(big));
    const type = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let pulled = 0;
    const watched = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(bytes);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const declared = { "content-type": type, "content-length": String(bytes.byteLength) };
    await expectProblem(await upload(watched, alice, { headers: declared }), 413, /limited to 200/);
    expect(pulled).toBe(0);

    // The same multipart body, chunked with no Content-Length: cut off once past the limit.
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, (offset += 1024)));
      },
    });
    await expectProblem(await upload(stream, alice, { headers: { "content-type": type } }), 413, /limited to 200/);

    // Just under the limit still goes through (the image is 130 bytes).
    expect((await upload(formWith(await fixture("img.png")))).status).toBe(201);
  });

  it("answers 401 without a session and 403 for a cross-site origin", async () => {
    const png = await fixture("img.png");
    const anonymous = { ...alice, cookie: "" };
    await expectProblem(await upload(formWith(png), anonymous), 401, /session/);
    await expectProblem(await upload(formWith(png), alice, { origin: "https://evil.example" }), 403, /Origin/);
    await expectProblem(await upload(formWith(png), alice, { origin: null }), 403, /Origin/);
  });
});

describe("GET /api/dashboard/uploads", () => {
  it("lists the workspace's 24 most recent images, newest first, and none of another workspace", async () => {
    const own = await signIn("Lister");
    const png = await fixture("img.png");
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) {
      const res = await upload(formWith(png, `img-${i}.png`), own);
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    // Distinct times, so "newest first" has one right answer even when two uploads land in the same millisecond.
    for (const [i, id] of ids.entries()) {
      await db().upload.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) } });
    }
    await upload(formWith(png, "mallory.png"), mallory);
    const res = await list(own);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: string; fileName: string }[] };
    expect(data).toHaveLength(24);
    expect(data.map((u) => u.fileName)).toEqual(Array.from({ length: 24 }, (_, i) => `img-${25 - i}.png`));

    const anonymous = await (collection.GET as Handler)(new Request(`${ORIGIN}/api/dashboard/uploads`), {
      params: Promise.resolve({}),
    });
    await expectProblem(anonymous, 401, /session/);
  });
});

describe("GET /uploads/<workspaceId>/<file>", () => {
  it("serves the bytes with the image type, a year of caching, nosniff and a CSP that allows nothing", async () => {
    const bytes = await fixture("lossy.webp");
    const { data } = (await (await upload(formWith(bytes, "a.webp"))).json()) as { data: { url: string } };
    const [workspaceId, file] = new URL(data.url).pathname.split("/").slice(2) as [string, string];
    const res = await fetchImage(workspaceId, file);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(bytes.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    });
  });

  it("answers 404 for unknown ids, other workspaces' paths, traversal attempts and bytes with no Upload row", async () => {
    const { data } = (await (await upload(formWith(await fixture("img.png")))).json()) as { data: { id: string } };
    const own = alice.workspace.id;

    // A file planted on disk in the right place is still unknown: only rows of the Upload table are served.
    const planted = `${randomUUID()}.png`;
    await mkdir(path.join(dataDir, "uploads", own), { recursive: true });
    await writeFile(path.join(dataDir, "uploads", own, planted), await fixture("img.png"));
    await writeFile(path.join(dataDir, "secret.txt"), "top secret");

    for (const [workspaceId, file] of [
      [own, `${randomUUID()}.png`],
      [mallory.workspace.id, `${data.id}.png`],
      [own, `${data.id}.gif`],
      [own, planted],
      [own, "../../secret.txt"],
      ["..", "secret.txt"],
      [own, "..%2F..%2Fsecret.txt"],
      [own, `${data.id}.png/../../../secret.txt`],
    ] as const) {
      const res = await fetchImage(workspaceId, file);
      expect(res.status, `${workspaceId}/${file}`).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers 404 when the row exists but its bytes are gone", async () => {
    const { data } = (await (await upload(formWith(await fixture("img.gif"), "g.gif"))).json()) as {
      data: { id: string };
    };
    await rm(path.join(dataDir, "uploads", alice.workspace.id, `${data.id}.gif`));
    expect((await fetchImage(alice.workspace.id, `${data.id}.gif`)).status).toBe(404);
  });
});
