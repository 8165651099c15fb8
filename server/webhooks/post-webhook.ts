// One HTTP attempt of a webhook delivery: a POST through the SSRF guard, with a connect timeout and a total timeout,
// no redirects followed, and at most 64 KB of the reply read. Never throws: every outcome is an AttemptResult.
import http from "node:http";
import https from "node:https";
import { guardedLookup, RefusedAddressError, refusedLiteralHost, type Resolver } from "./address-guard";
import { webhookSettings } from "./settings";

export type AttemptResult = {
  ok: boolean;
  responseStatus: number | null;
  responseHeaders: Record<string, string>;
  responseBody: string;
  responseTimeMs: number;
  error: string | null;
  /** From Retry-After on a 429 or 503: the receiver asks to wait at least this long. */
  retryAfterMs: number | null;
};

export type WebhookRequest = { url: string; headers: Record<string, string>; body: string; resolver?: Resolver };

// Keep-alive agents shared by every delivery of the process: connections to a busy receiver are reused. The guard
// runs in `lookup`, i.e. whenever a new connection is opened.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 32, lookup: guardedLookup() }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 32, lookup: guardedLookup() }),
};

export function postWebhook({ url, headers, body, resolver }: WebhookRequest): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  // Node connects to an IP-literal host without calling `lookup`: the guard checks those here.
  const refused = refusedLiteralHost(target.hostname);
  if (refused) {
    return Promise.resolve({
      ok: false,
      responseStatus: null,
      responseHeaders: {},
      responseBody: "",
      responseTimeMs: elapsed(),
      error: refused,
      retryAfterMs: null,
    });
  }
  const transport = target.protocol === "https:" ? https : http;
  const agent = resolver
    ? new transport.Agent({ keepAlive: false, lookup: guardedLookup(resolver) })
    : agents[target.protocol === "https:" ? "https:" : "http:"];
  const connectTimeoutMs = webhookSettings.connectTimeoutMs();
  const timeoutMs = webhookSettings.timeoutMs();

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, "responseTimeMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      resolve({ ...result, responseTimeMs: elapsed() });
    };
    const failed = (error: string, status: number | null = null, responseHeaders = {}, responseBody = "") =>
      finish({ ok: false, responseStatus: status, responseHeaders, responseBody, error, retryAfterMs: null });

    const request = transport.request(target, {
      method: "POST",
      agent,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    const totalTimer = setTimeout(() => {
      failed(`No complete response within ${seconds(timeoutMs)}.`);
      request.destroy();
    }, timeoutMs);

    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => {
        failed(`Could not connect within ${seconds(connectTimeoutMs)}.`);
        request.destroy();
      }, connectTimeoutMs);
      socket.once("connect", () => clearTimeout(connectTimer));
      socket.once("close", () => clearTimeout(connectTimer));
    });
    request.on("error", (error: NodeJS.ErrnoException) => failed(describeError(error)));
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const responseHeaders = flattenHeaders(response.headers);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const responseBody = Buffer.concat(chunks).toString("utf8");
        if (status >= 200 && status < 300) {
          finish({ ok: true, responseStatus: status, responseHeaders, responseBody, error: null, retryAfterMs: null });
        } else {
          finish({
            ok: false,
            responseStatus: status,
            responseHeaders,
            responseBody,
            error: statusError(status, responseHeaders),
            retryAfterMs: status === 429 || status === 503 ? parseRetryAfter(responseHeaders["retry-after"]) : null,
          });
        }
      };
      response.on("data", (chunk: Buffer) => {
        const room = webhookSettings.maxResponseBytes - size;
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += chunk.length;
        // Enough read: the rest of an oversized reply is not waited for (the socket is dropped, not reused).
        if (size >= webhookSettings.maxResponseBytes) {
          done();
          response.destroy();
        }
      });
      response.on("end", done);
      response.on("error", () => done());
    });
    request.end(body);
  });
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

function statusError(status: number, headers: Record<string, string>): string {
  if (status >= 300 && status < 400) {
    return `Redirects are not followed (${status}${headers.location ? ` to ${headers.location}` : ""}).`;
  }
  return `The receiver answered ${status}.`;
}

function describeError(error: NodeJS.ErrnoException): string {
  if (error instanceof RefusedAddressError) return error.message;
  switch (error.code) {
    case "ECONNREFUSED":
      return "Connection refused.";
    case "ECONNRESET":
      return "The connection was reset by the receiver.";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `Host not found (${error.code}).`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "The receiver's network is unreachable.";
    default:
      return error.code ? `${error.message} (${error.code}).` : error.message;
  }
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
