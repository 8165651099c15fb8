// Hostile and broken requests at the front server: bodies capped before they are read, slow headers and bodies timed
// out, malformed tokens, paths and methods answered as the routes answer them (404, 405, 413, 400/422 problems),
// never a 5xx, and the server still serving afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToken } from "@/server/services/public-forms/render-token";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { makePublishedForm } from "../support/public-forms";
import { raw, startFrontServer } from "../support/front-server";

type Front = Awaited<ReturnType<typeof startFrontServer>>;
let front: Front;
let formId: string;
let b: SentBroadcast;

beforeAll(async () => {
  front = await startFrontServer({ timeouts: { headersMs: 500, publicBodyMs: 400 } });
  const workspaceId = (await makeWorkspace()).id;
  formId = (await makePublishedForm(workspaceId)).id;
  b = await makeSentBroadcast({ workspaceId, count: 1 });
});
afterAll(() => front.close());

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);

describe("bodies", () => {
  it("refuses a declared length over the cap at once (413 problem), without waiting for the body", async () => {
    const started = Date.now();
    const answer = await raw(
      front.port,
      `POST /api/forms/${formId}/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: 50000000\r\n\r\n{"email":`,
    );
    expect(statusOf(answer)).toBe(413);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(answer).toMatch(/access-control-allow-origin: \*/i);
    expect(JSON.parse(bodyOf(answer))).toMatchObject({ status: 413, title: "Payload Too Large" });
    // Answered and closed long before the 5 s the helper would wait for an open connection.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("stops reading a chunked body at the cap (413) and closes the connection instead of draining it", async () => {
    const chunk = "x".repeat(16_000);
    const parts = [
      `POST /api/forms/${formId}/views HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n`,
      ...Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`),
    ];
    const started = Date.now();
    const answer = await raw(front.port, parts, 5_000, 20);
    expect(statusOf(answer)).toBe(413);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("answers the one-click unsubscribe from the body's first kilobyte, however much more is announced", async () => {
    const answer = await raw(
      front.port,
      `POST /u/${b.recipients[0]!.token}/one-click HTTP/1.1\r\nHost: x\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000000\r\n\r\n` +
        `List-Unsubscribe=One-Click&pad=${"p".repeat(2_000)}`,
    );
    expect(statusOf(answer)).toBe(200);
    expect(bodyOf(answer)).toContain("You are unsubscribed.");
  });

  it("refuses a body that does not arrive in time (400 problem), and one that ends early without a 5xx", async () => {
    const slow = await raw(
      front.port,
      `POST /api/forms/${formId}/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: 100\r\n\r\n{"email":`,
      3_000,
    );
    expect(statusOf(slow)).toBe(400);
    expect(JSON.parse(bodyOf(slow)).detail).toMatch(/did not arrive within/);
    // The one-click unsubscribe too (it read its body outside any problem handling: a 500).
    const oneClick = await raw(
      front.port,
      `POST /u/${b.recipients[0]!.token}/one-click HTTP/1.1\r\nHost: x\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nList-Unsub`,
      3_000,
    );
    expect(statusOf(oneClick)).toBe(400);

    // A client that leaves mid-body: nothing to answer, and the server goes on serving.
    await raw(
      front.port,
      `POST /api/forms/${formId}/submissions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"a":`,
      50,
    );
    expect((await front.request("/api/health")).status).toBe(200);
  });

  it.each([
    ["{not json", "application/json", 400],
    ["[1,2]", "application/json", 400],
    ['{"email":"a\\u0000b@example.com"}', "application/json", 422],
    ["email=%ZZ&_t=1", "application/x-www-form-urlencoded", 422],
    ["", "text/plain", 422],
  ])("answers a submission body %j (%s) with %i", async (body, type, status) => {
    const res = await front.request(`/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { "content-type": type },
      body,
    });
    expect(res.status).toBe(status);
  });
});

describe("timeouts", () => {
  it("closes a connection whose headers do not arrive in time with a 408", async () => {
    const started = Date.now();
    const answer = await raw(front.port, ["GET /api/health HTTP/1.1\r\n", "Host: x\r\n", "X-Slow: 1\r\n"], 5_000, 300);
    expect(statusOf(answer)).toBe(408);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe("paths and methods", () => {
  it("answers a method no module on the path answers with a 405 problem naming the allowed ones", async () => {
    for (const [method, path, allow] of [
      ["PUT", "/t/o/abc", "GET, HEAD, OPTIONS"],
      ["DELETE", `/t/c/1/abc`, "GET, HEAD, OPTIONS"],
      ["PATCH", `/api/forms/${formId}/submissions`, "POST, OPTIONS"],
      ["DELETE", `/api/forms/${formId}`, "GET, HEAD, OPTIONS"],
      ["POST", "/api/health", "GET, HEAD, OPTIONS"],
      ["PUT", "/u/abc/one-click", "GET, HEAD, POST, OPTIONS"],
    ] as const) {
      const res = await front.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(JSON.parse(res.body.toString())).toMatchObject({ status: 405, instance: path });
    }
  });

  it("answers a target that is not a path with a 400 problem, never a redirect to the host it names", async () => {
    for (const target of ["http://evil.example/signin", "file:///etc/passwd", "*"]) {
      const answer = await raw(front.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), target).toBe(400);
      expect(answer).not.toMatch(/location:/i);
      expect(answer).toMatch(/x-frame-options: DENY/i);
    }
  });

  it("answers a method Next.js has no route for (TRACE, PROPFIND) with a 405 problem, not its 500", async () => {
    for (const [method, path] of [
      ["TRACE", "/api/v1/tags"],
      ["PROPFIND", "/embed.js"],
    ] as const) {
      const answer = await raw(front.port, `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(statusOf(answer), `${method} ${path}`).toBe(405);
      expect(answer).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    }
  });

  it("leaves to Next.js what it reads differently: empty or dot segments, trailing slashes", async () => {
    for (const path of ["/t/o/", "/t/o/abc/", "/t/c/1/..", "/api/health/", "/u//one-click", "/t/o/a/b"]) {
      const res = await front.request(path);
      expect(res.status, path).toBe(200); // the stand-in's answer: Next.js decides, as it always did
      expect(front.seen.at(-1)!.url).toBe(path);
    }
  });

  it("answers percent-encoding that does not decode as a malformed token on hot routes, else a 400 problem", async () => {
    // Next.js answered all of these with a bare 500.
    const before = front.seen.length;
    const pixel = await front.request("/t/o/%E0%A4%A");
    expect(pixel.status).toBe(200);
    expect(pixel.headers["content-type"]).toBe("image/gif");
    expect((await front.request("/t/c/1/%ZZ")).status).toBe(404);
    const form = await front.request("/api/forms/%");
    expect(form.status).toBe(404);
    expect(form.headers["access-control-allow-origin"]).toBe("*");
    const page = await front.request("/contacts/%E0%A4%A?q=1");
    expect(page.status).toBe(400);
    expect(JSON.parse(page.body.toString())).toMatchObject({ status: 400, instance: "/contacts/%E0%A4%A" });
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(front.seen.length).toBe(before);
  });

  it("never answers 5xx to malformed tokens, ids and bodies on any hot route", async () => {
    const token = b.recipients[0]!.token;
    const cases: [string, string, string?][] = [
      ["GET", "/t/o/garbage"],
      ["GET", `/t/o/${"a".repeat(5_000)}`],
      ["GET", "/t/o/%00%01"],
      ["GET", `/t/o/${encodeURIComponent(token + "\u{1F600}")}`],
      ["GET", "/t/c/abc/def"],
      ["GET", "/t/c/-1/x"],
      ["GET", `/t/c/99999999999999999999999/${token}`],
      ["HEAD", `/t/c/1/${token}`],
      ["POST", "/u/garbage/one-click", "List-Unsubscribe=One-Click"],
      ["POST", "/u/%C3%A9/one-click", ""],
      ["GET", "/api/forms/not-a-uuid"],
      ["GET", "/api/forms/00000000-0000-0000-0000-000000000000"],
      ["POST", "/api/forms/not-a-uuid/views", '{"viewId":"x"}'],
      ["POST", `/api/forms/${formId}/views`, '{"viewId":12}'],
      ["POST", `/api/forms/${formId}/views`, "null"],
      ["POST", "/api/forms/not-a-uuid/submissions", "{}"],
      ["POST", `/api/forms/${formId}/submissions`, JSON.stringify({ email: "x@example.com", _t: "forged" })],
      [
        "POST",
        `/api/forms/${formId}/submissions`,
        JSON.stringify({ email: { $ne: 1 }, _t: renderToken(formId, Date.now() - 10_000) }),
      ],
    ];
    for (const [method, path, body] of cases) {
      const res = await front.request(path, {
        method,
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect((await front.request("/api/health")).status).toBe(200);
  });
});
