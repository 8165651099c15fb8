// The front server (edge/) in-process, with a stand-in for Next.js: the hot public routes answer exactly what their
// route modules answer (status, headers, body, CORS), plus the security headers; HEAD counts no click; every other
// request reaches Next.js without any forwarding header the client wrote, with the one client address instead.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "@/server/db/pool";
import { CLIENT_ADDRESS_HEADER } from "@/server/auth/client-address";
import { renderToken } from "@/server/services/public-forms/render-token";
import { GET as formConfig } from "@/app/api/forms/[id]/route";
import { POST as formSubmissions } from "@/app/api/forms/[id]/submissions/route";
import { makeWorkspace } from "../support/fixtures";
import { makeSentBroadcast, type SentBroadcast } from "../support/broadcast-rows";
import { makePublishedForm } from "../support/public-forms";
import { loopbackAddress, raw, startFrontServer, type Answer } from "../support/front-server";

type Front = Awaited<ReturnType<typeof startFrontServer>>;
let front: Front;
let b: SentBroadcast;
let formId: string;

beforeAll(async () => {
  front = await startFrontServer();
  const workspaceId = (await makeWorkspace()).id;
  b = await makeSentBroadcast({ workspaceId, count: 2, links: ["https://example.com/landing"] });
  formId = (await makePublishedForm(workspaceId)).id;
});
afterAll(() => front.close());
afterEach(() => {
  delete process.env.FORM_RATE_LIMIT_PER_IP;
});

const eventsOf = (type: string) =>
  sql<{ n: number }>(`SELECT count(*)::int AS n FROM "EmailEvent" WHERE "broadcastId" = $1 AND type = $2`, [
    b.id,
    type,
  ]).then((rows) => rows[0]!.n);

const DENY_FRAMING = { "content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY" };
const ALWAYS = { "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" };

/** The headers an answer carries, without those of the connection or the moment. */
function stable(headers: Headers | Answer["headers"]): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers).map(([k, v]) => [k, String(v)]);
  const skip = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-request-id"]);
  return Object.fromEntries(entries.filter(([k]) => !skip.has(k!)));
}

describe("tracking through the front server", () => {
  it("serves the pixel with its own headers and the security headers, and records the open", async () => {
    const before = await eventsOf("open");
    const res = await front.request(`/t/o/${b.recipients[0]!.token}`, { headers: { "user-agent": "Mozilla/5.0" } });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "content-type": "image/gif",
      "content-length": "43",
      "cache-control": "no-store, no-cache, must-revalidate, private, max-age=0",
      ...ALWAYS,
      ...DENY_FRAMING,
    });
    expect(res.body.subarray(0, 6).toString()).toBe("GIF89a");
    expect(await eventsOf("open")).toBe(before + 1);
  });

  it("answers HEAD on the pixel with the GIF's headers and records no open", async () => {
    const before = await eventsOf("open");
    const res = await front.request(`/t/o/${b.recipients[0]!.token}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/gif");
    expect(res.body.length).toBe(0);
    expect(await eventsOf("open")).toBe(before);
  });

  it("redirects a click (its own Referrer-Policy wins) and records it; HEAD answers the same and records nothing", async () => {
    const path = `/t/c/${b.links[0]!.id}/${b.recipients[1]!.token}`;
    const before = await eventsOf("click");
    const head = await front.request(path, { method: "HEAD" });
    expect(await eventsOf("click")).toBe(before);
    const get = await front.request(path);
    expect(await eventsOf("click")).toBe(before + 1);
    for (const res of [head, get]) {
      expect(res.status).toBe(302);
      expect(res.headers).toMatchObject({
        location: "https://example.com/landing",
        "referrer-policy": "no-referrer",
        "x-content-type-options": "nosniff",
        ...DENY_FRAMING,
      });
    }
    const unknown = await front.request(`/t/c/999999999/${b.recipients[1]!.token}`, { method: "HEAD" });
    expect(unknown.status).toBe(404);
  });
  it("keeps the connection open from one hit to the next (a pixel, a health check, a small body read in full)", async () => {
    const answer = await raw(
      front.port,
      `GET /t/o/${b.recipients[0]!.token} HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n\r\n` +
        `POST /api/forms/${formId}/views HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}` +
        `GET /t/o/x HTTP/1.1\r\nHost: x\r\n\r\n`,
      1_500,
    );
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 422", "HTTP/1.1 200"]);
    expect(answer).not.toMatch(/connection: close/i);
  });
});

describe("public forms through the front server", () => {
  it("answers GET /api/forms/{id} byte for byte as the route module does, plus the security headers", async () => {
    const direct = await formConfig(new Request(`http://sendwell.test/api/forms/${formId}`), {
      params: Promise.resolve({ id: formId }),
    });
    const res = await front.request(`/api/forms/${formId}`, { headers: { origin: "https://blog.example" } });
    // Each answer carries a fresh render token (time and nonce): everything else is the same, byte for byte.
    const token = (text: string) => text.replace(/"renderToken":"[^"]+"/, '"renderToken":"…"');
    expect(res.status).toBe(direct.status);
    expect(token(res.body.toString())).toBe(token(await direct.text()));
    expect(stable(res.headers)).toEqual({ ...stable(direct.headers), ...ALWAYS, ...DENY_FRAMING });
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers a submission and its refusals as the route module does", async () => {
    const body = (email: string) => JSON.stringify({ email, _t: renderToken(formId, Date.now() - 10_000) });
    const headers = { "content-type": "application/json" };
    const res = await front.request(`/api/forms/${formId}/submissions`, {
      method: "POST",
      headers,
      body: body(`edge-${Date.now()}@example.com`),
    });
    const direct = await formSubmissions(
      new Request(`http://sendwell.test/api/forms/${formId}/submissions`, {
        method: "POST",
        headers,
        body: body(`edge-direct-${Date.now()}@example.com`),
      }),
      { params: Promise.resolve({ id: formId }) },
    );
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(await direct.text());
    expect(stable(res.headers)).toEqual({ ...stable(direct.headers), ...ALWAYS, ...DENY_FRAMING });

    for (const [bad, status] of [
      ["{not json", 400],
      ["[1]", 400],
      [JSON.stringify({ email: "not an email", _t: renderToken(formId, Date.now() - 10_000) }), 422],
    ] as const) {
      const refused = await front.request(`/api/forms/${formId}/submissions`, { method: "POST", headers, body: bad });
      expect(refused.status).toBe(status);
      expect(refused.headers["content-type"]).toBe("application/problem+json");
      expect(refused.headers["access-control-allow-origin"]).toBe("*");
    }
    const missing = await front.request(`/api/forms/00000000-0000-4000-8000-000000000000/submissions`, {
      method: "POST",
      headers,
      body: "{}",
    });
    expect(missing.status).toBe(404);
  });

  it("answers the CORS preflight from the route module", async () => {
    const res = await front.request(`/api/forms/${formId}/views`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-methods"]).toBe("GET, POST, OPTIONS");
    expect(front.seen.some((s) => s.url.includes("/views"))).toBe(false);
  });
});

describe("what reaches Next.js", () => {
  it("gets every other request with the connection's address, and no forwarding header the client wrote", async () => {
    const client = loopbackAddress();
    const res = await front.request("/contacts?page=2", { localAddress: client } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ ...ALWAYS, ...DENY_FRAMING });
    expect(front.seen.at(-1)).toMatchObject({ url: "/contacts?page=2", headers: { [CLIENT_ADDRESS_HEADER]: client } });

    // From loopback with forwarding headers but no TRUST_PROXY: a proxy nobody named, so no address at all.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await front.request("/contacts", {
      localAddress: client,
      headers: {
        "x-forwarded-for": "203.0.113.9",
        forwarded: "for=203.0.113.9",
        "x-real-ip": "203.0.113.9",
        "x-sendwell-peer": "203.0.113.9",
        [CLIENT_ADDRESS_HEADER]: "203.0.113.9",
        "x-forwarded-host": "sendwell.example",
      },
    } as RequestInit);
    warn.mockRestore();
    const seen = front.seen.at(-1)!;
    for (const name of ["x-forwarded-for", "forwarded", "x-real-ip", "x-sendwell-peer", CLIENT_ADDRESS_HEADER])
      expect(seen.headers).not.toHaveProperty(name);
    expect(seen.headers["x-forwarded-host"]).toBe("sendwell.example"); // not an address: Next.js needs it behind a proxy
  });

  it("also gets the methods of a hot path the front server does not take over", async () => {
    for (const [method, path] of [
      ["GET", `/u/${b.recipients[0]!.token}/one-click`],
      ["HEAD", `/api/forms/${formId}`],
      ["OPTIONS", `/t/o/${b.recipients[0]!.token}`],
    ] as const) {
      const res = await front.request(path, { method });
      expect(res.status).toBe(200);
      expect(front.seen.at(-1)).toMatchObject({ method, url: path });
    }
  });

  it("keeps an answer's own protective headers over ours (uploads, template previews), adding the missing ones", async () => {
    const upload = await front.request("/uploads/w/image.png");
    expect(upload.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(upload.headers["x-frame-options"]).toBeUndefined();
    expect(upload.headers["x-content-type-options"]).toBe("nosniff");
    const preview = await front.request("/api/dashboard/template-previews/template/1");
    expect(preview.headers["content-security-policy"]).toBe("sandbox; frame-ancestors 'self'");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const landing = await front.request("/f/some-form");
    expect(landing.headers["x-frame-options"]).toBeUndefined();
    expect(landing.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("TRUST_PROXY=true (one proxy appending to X-Forwarded-For)", () => {
  let behind: Front;
  beforeAll(async () => {
    behind = await startFrontServer({ trust: "true" });
  });
  afterAll(() => behind.close());

  it("counts a client's submissions at the address the proxy saw, whatever X-Forwarded-For the client wrote", async () => {
    process.env.FORM_RATE_LIMIT_PER_IP = "3";
    const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await behind.request(`/api/forms/${formId}/submissions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          // The client's own entries first, then the one the proxy appended: the connection it saw.
          "x-forwarded-for": `198.51.100.${i + 1}, ${client}`,
          [CLIENT_ADDRESS_HEADER]: `192.0.2.${i + 100}`,
        },
        body: JSON.stringify({
          email: `limit-${i}-${Date.now()}@example.com`,
          _t: renderToken(formId, Date.now() - 10_000),
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const stored = await sql<{ ipAddress: string }>(
      `SELECT "ipAddress" FROM "FormSubmission" WHERE "formId" = $1 AND "contactEmail" LIKE 'limit-0-%'`,
      [formId],
    );
    expect(stored.map((r) => r.ipAddress)).toEqual([client]);
  });
});

describe("TRUST_PROXY as a list of proxies", () => {
  let behind: Front;
  beforeAll(async () => {
    behind = await startFrontServer({ trust: "127.0.0.0/8" });
  });
  afterAll(() => behind.close());

  it("takes the address the listed proxy saw, from X-Forwarded-For or Forwarded", async () => {
    await behind.request("/contacts", { headers: { "x-forwarded-for": "1.1.1.1, 203.0.113.20" } });
    expect(behind.seen.at(-1)!.headers[CLIENT_ADDRESS_HEADER]).toBe("203.0.113.20");
    await behind.request("/contacts", { headers: { forwarded: 'for="[2001:db8::20]:443";proto=https' } });
    expect(behind.seen.at(-1)!.headers[CLIENT_ADDRESS_HEADER]).toBe("2001:db8::20");
    expect(behind.seen.at(-1)!.headers).not.toHaveProperty("forwarded");
  });
});
