// Uploads to an S3-compatible bucket, against a small fake S3 on 127.0.0.1 that stores objects and checks every
// request's SigV4 signature with its own computation from the request as received (not with the app's signer):
// upload through the real route, the signed PUT and GET on the wire, proxying without S3_PUBLIC_URL, the bucket URL
// with it, a refused signature, and old local uploads still served after switching to the bucket.
import { createHash, createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import * as collection from "@/app/api/dashboard/uploads/route";
import * as served from "@/app/(public)/uploads/[workspaceId]/[file]/route";
import { sessionCookie } from "../support/session-cookie";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ORIGIN = "http://sendwell.test";
const ACCESS_KEY = "AKIDFAKES3TEST";
const SECRET = "fake/s3+secret";
const REGION = "eu-central-1";
const BUCKET = "sendwell-images";

type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; verdict: string };
const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
const seen: Seen[] = [];
let server: http.Server;
let endpoint: string;
let dataDir: string;
let cookie: string;
let workspaceId: string;

/** SigV4 as the fake bucket checks it: rebuilt from the method, raw path, query and headers it actually received. */
function verify(req: http.IncomingMessage, body: Buffer): string {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? "",
    );
  if (!auth) return "no SigV4 Authorization header";
  const [, accessKey, day = "", region = "", signed = "", signature] = auth;
  if (accessKey !== ACCESS_KEY) return "unknown access key";
  if (region !== REGION) return `wrong region ${region}`;
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(day)) return "x-amz-date does not match the credential's day";
  const hash = createHash("sha256").update(body).digest("hex");
  if (req.headers["x-amz-content-sha256"] !== hash) return "x-amz-content-sha256 is not the body's hash";
  const names = signed.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!names.includes(required)) return `${required} is not signed`;
  }
  const url = new URL(req.url!, "http://fake");
  const query = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort();
  const canonical = [
    req.method,
    url.pathname,
    query.join("&"),
    names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join(""),
    signed,
    hash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash("sha256").update(canonical).digest("hex")}`;
  const kDate = createHmac("sha256", `AWS4${SECRET}`).update(day).digest();
  const kRegion = createHmac("sha256", kDate).update(region).digest();
  const kService = createHmac("sha256", kRegion).update("s3").digest();
  const kSigning = createHmac("sha256", kService).update("aws4_request").digest();
  const expected = createHmac("sha256", kSigning).update(toSign).digest("hex");
  return expected === signature ? "ok" : "SignatureDoesNotMatch";
}

function startFakeS3() {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const verdict = verify(req, body);
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, verdict });
      if (verdict !== "ok") {
        res.writeHead(403, { "content-type": "application/xml" });
        return res.end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${verdict}</Message></Error>`);
      }
      const key = decodeURIComponent(req.url!);
      if (req.method === "PUT") {
        objects.set(key, {
          body,
          contentType: String(req.headers["content-type"]),
          cacheControl: String(req.headers["cache-control"]),
        });
        res.writeHead(200, { etag: '"x"' });
        return res.end();
      }
      const object = objects.get(key);
      if (req.method === "GET" && object) {
        res.writeHead(200, { "content-type": object.contentType, "content-length": object.body.byteLength });
        return res.end(object.body);
      }
      res.writeHead(404, { "content-type": "application/xml" });
      res.end("<Error><Code>NoSuchKey</Code></Error>");
    });
  });
}

const fixture = async (name: string) =>
  Uint8Array.from(await readFile(path.resolve(import.meta.dirname, "../../server/uploads/fixtures", name)));

async function upload(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  const req = new Request(`${ORIGIN}/api/dashboard/uploads`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN },
    body: form,
  });
  return (collection.POST as Handler)(req, { params: Promise.resolve({}) });
}

function fetchImage(url: string) {
  const [ws, file] = new URL(url).pathname.split("/").slice(2) as [string, string];
  return (served.GET as Handler)(new Request(url), { params: Promise.resolve({ workspaceId: ws, file }) });
}

beforeAll(async () => {
  server = startFakeS3();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "sendwell-uploads-s3-"));
  process.env.DATA_DIR = dataDir;
  const user = await db().user.create({ data: { email: `${randomUUID()}@test.dev`, passwordHash: "x" } });
  workspaceId = (await createWorkspace({ name: "Bucket", ownerId: user.id })).id;
  cookie = (await sessionCookie(user.id)).cookie;
});
beforeEach(() => {
  Object.assign(process.env, {
    S3_BUCKET: BUCKET,
    S3_REGION: REGION,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET,
  });
  delete process.env.S3_PUBLIC_URL;
  seen.length = 0;
});
afterAll(async () => {
  for (const name of [
    "S3_BUCKET",
    "S3_REGION",
    "S3_ENDPOINT",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "DATA_DIR",
  ]) {
    delete process.env[name];
  }
  delete process.env.S3_PUBLIC_URL;
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe("S3-compatible storage", () => {
  it("PUTs the image, signed, path-style, with its type and caching; the app proxies it back with a signed GET", async () => {
    const bytes = await fixture("img.jpg");
    const res = await upload(bytes, "photo.jpg");
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; url: string; width: number } };
    const key = `${workspaceId}/${data.id}.jpg`;
    expect(data.url).toBe(`${ORIGIN}/uploads/${key}`);
    expect(seen).toEqual([expect.objectContaining({ method: "PUT", path: `/${BUCKET}/${key}`, verdict: "ok" })]);
    expect(objects.get(`/${BUCKET}/${key}`)).toEqual({
      body: Buffer.from(bytes),
      contentType: "image/jpeg",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(await db().upload.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({ storage: "s3", key });

    const image = await fetchImage(data.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
    expect(seen[1]).toMatchObject({ method: "GET", path: `/${BUCKET}/${key}`, verdict: "ok" });
  });

  it("gives the bucket's public URL when S3_PUBLIC_URL is set", async () => {
    process.env.S3_PUBLIC_URL = "https://cdn.example.com/images/";
    const { data } = (await (await upload(await fixture("img.gif"), "a.gif")).json()) as {
      data: { id: string; url: string };
    };
    expect(data.url).toBe(`https://cdn.example.com/images/${workspaceId}/${data.id}.gif`);
  });

  it("answers 404 for an upload row whose object is missing from the bucket", async () => {
    const { data } = (await (await upload(await fixture("img.png"), "a.png")).json()) as { data: { url: string } };
    objects.delete(new URL(data.url).pathname.replace("/uploads", `/${BUCKET}`));
    expect((await fetchImage(data.url)).status).toBe(404);
  });

  it("a refused signature (wrong secret) fails the upload with a bland 500 and writes no row", async () => {
    process.env.S3_SECRET_ACCESS_KEY = "not-the-secret";
    const before = await db().upload.count({ where: { workspaceId } });
    const res = await upload(await fixture("img.png"), "a.png");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { detail: string }).detail).not.toMatch(/S3|Signature/);
    expect(seen.map((s) => s.verdict)).toEqual(["SignatureDoesNotMatch"]);
    expect(await db().upload.count({ where: { workspaceId } })).toBe(before);
  });

  it("keeps serving images stored locally before the bucket was configured", async () => {
    delete process.env.S3_BUCKET;
    const { data } = (await (await upload(await fixture("img.png"), "old.png")).json()) as { data: { url: string } };
    process.env.S3_BUCKET = BUCKET;
    const res = await fetchImage(data.url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(await fixture("img.png"));
    expect(seen).toEqual([]);
  });
});
