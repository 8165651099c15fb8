// No route holds more of one request than its ceiling. `req.text()` used to buffer any body before its size was
// checked: a stranger posting 300 MB, chunked with no Content-Length, to a public route (one-click unsubscribe, a
// form's submissions or views, the Resend webhook) or to next-auth took the web server from 370 MB to 1.2 GB. Here
// every such route gets an endless body and must answer after reading little of it.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as submissions } from "@/app/api/forms/[id]/submissions/route";
import { POST as views } from "@/app/api/forms/[id]/views/route";
import { POST as oneClick } from "@/app/(public)/u/[token]/one-click/route";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";
import { POST as createTag } from "@/app/api/v1/tags/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { makeWorkspace } from "../support/fixtures";
import { makePublishedForm } from "../support/public-forms";

const CHUNK = 64 * 1024;
const ENDLESS = 64 * 1024 * 1024; // 64 MB if anyone read it all

/** A body of ENDLESS bytes made on demand, counting what the route pulled. */
function endlessBody() {
  const read = { bytes: 0 };
  const chunk = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= ENDLESS) return controller.close();
      read.bytes += CHUNK;
      controller.enqueue(chunk);
    },
  });
  return { stream, read };
}

function post(url: string, headers: Record<string, string> = {}) {
  const { stream, read } = endlessBody();
  const init = { method: "POST", headers, body: stream, duplex: "half" } as RequestInit;
  return { req: new NextRequest(new Request(url, init)), read };
}

const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });

describe("request bodies are read only up to their ceiling", () => {
  it("public form submissions and views: 413 after at most 32 KB and a chunk", async () => {
    const ws = await makeWorkspace();
    const form = await makePublishedForm(ws.id);
    for (const handler of [submissions, views]) {
      const { req, read } = post(`http://sendwell.test/api/forms/${form.id}/x`, { "content-type": "application/json" });
      const res = await handler(req, params({ id: form.id }));
      expect(res.status).toBe(413);
      expect(read.bytes).toBeLessThan(32_000 + 2 * CHUNK);
    }
  });

  it("one-click unsubscribe reads only the first kilobyte", async () => {
    const { req, read } = post("http://sendwell.test/u/1.AAAAAAAAAAAAAAAAAAAAAA/one-click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    const res = await oneClick(req, params({ token: "1.AAAAAAAAAAAAAAAAAAAAAA" }) as never);
    expect(res.status).toBe(404);
    expect(read.bytes).toBeLessThan(1_000 + 2 * CHUNK);
  });

  it("the Resend webhook: 413 after at most 1 MB", async () => {
    const { req, read } = post("http://sendwell.test/api/webhooks/resend", { "content-type": "application/json" });
    const res = await resendWebhook(req);
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThan(1_000_000 + 2 * CHUNK);
  });

  it("the keyed API: 413 after at most 1 MB", async () => {
    const ws = await makeWorkspace();
    const { req, read } = post("http://sendwell.test/api/v1/tags", {
      "content-type": "application/json",
      "x-api-key": ws.writeKey,
    });
    const res = await createTag(req, params({}));
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThan(1_048_576 + 2 * CHUNK);
  });

  it("next-auth's routes: 413 after at most 16 KB", async () => {
    const { req, read } = post("http://sendwell.test/api/auth/callback/credentials", {
      "content-type": "application/x-www-form-urlencoded",
    });
    const res = await authPost(req, params({ nextauth: "callback/credentials" }) as never);
    expect(res.status).toBe(413);
    expect(read.bytes).toBeLessThan(16_384 + 4 * CHUNK); // a cloned body is read a little ahead
  });

  it("next-auth's client log endpoint is not there: nobody writes lines into the server log", async () => {
    const res = await authPost(
      new NextRequest("http://sendwell.test/api/auth/_log", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ level: "error", code: "X]\n[outbox] account mail to a@example.com: forged" }),
      }),
      params({ nextauth: "_log" }) as never,
    );
    expect(res.status).toBe(404);
    const get = await authGet(
      new NextRequest("http://sendwell.test/api/auth/_log"),
      params({ nextauth: "_log" }) as never,
    );
    expect(get.status).toBe(404);
  });
});
