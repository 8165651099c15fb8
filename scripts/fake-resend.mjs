// A fake of Resend's sending API (POST /emails, POST /emails/batch) for integration tests and the send benchmark.
// It answers the way Resend documents it (https://resend.com/docs/api-reference): `Authorization: Bearer` required
// (401 missing_api_key, 403 invalid_api_key), error bodies `{ statusCode, name, message }`, a batch is a JSON array
// of at most 100 emails, strict batch validation by default (one bad address: 422 validation_error, nothing sent;
// `x-batch-validation: permissive` sends the valid ones and lists `errors: [{ index, message }]`), ids in
// `{ data: [{ id }] }`. `Idempotency-Key` (1–256 characters, kept 24 h, scoped to the API key): the same key and the
// same body replay the first successful answer and send nothing; the same key with another body is 409
// invalid_idempotent_request; the same key while its first request is still being processed is 409
// concurrent_idempotent_requests. Failed requests keep no key (a retry after a 5xx is processed afresh).
//
// In a test:   const fake = await startFakeResend(); … fake.emails, fake.requests, fake.failNext(1, 429,
//              { retryAfter: 2 }), fake.setLatency(50), await fake.close()
// From a shell: node scripts/fake-resend.mjs --port 4010 [--api-key re_x] [--latency 20] [--keep-content]
//              prints one JSON line { url }; GET /_fake/stats (counts and the process's CPU time), GET /_fake/emails,
//              POST /_fake/fail { n, status, retryAfter }, POST /_fake/latency { ms }, POST /_fake/reset.
//
// Speed matters: it is the send benchmark's counterpart (1,000 batches of 100 messages of ~10 KB). Each request is
// read into one buffer, hashed once for idempotency (SHA-1 of the raw body: the SDK serialises deterministically, so
// "same body" is "same bytes") and parsed once; no per-field copies. `keepContent: false` (the CLI's default) keeps
// only each message's envelope and headers, not its html and text, so a long run does not hold gigabytes.
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

const MAX_BATCH = 100;
const MAX_BODY_BYTES = 40 * 1024 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// What Resend accepts in `to`/`from`: `address` or `Name <address>` (a pragmatic check, like theirs).
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^<>]+)>$/;

const ERROR_NAMES = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  404: "not_found",
  409: "concurrent_idempotent_requests",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
};

/**
 * @param {{ port?: number, host?: string, apiKey?: string | null, keepContent?: boolean, latencyMs?: number }} [options]
 *   apiKey: the one key accepted (any bearer token when unset).
 */
export async function startFakeResend({
  port = 0,
  host = "127.0.0.1",
  apiKey = null,
  keepContent = true,
  latencyMs = 0,
} = {}) {
  /** Accepted messages in order of acceptance: { id, from, to, subject, html?, text?, headers, reply_to, tags, idempotencyKey }. */
  const emails = [];
  /** Every request to the API: { method, path, idempotencyKey, status, count (messages in the body) }. */
  const requests = [];
  /** `${apiKey}\n${idempotencyKey}` → { hash, pending, status, body, expiresAt } */
  const idempotency = new Map();
  /** Injected failures still to serve: { status, retryAfter, name, message, afterAccept, disconnect }. */
  const failures = [];
  let latency = latencyMs;

  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      handle(req, res, size > MAX_BODY_BYTES ? null : body).catch((error) => {
        if (!res.headersSent) reply(res, 500, problem(500, String(error)));
      });
    });
  });

  async function handle(req, res, raw) {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/_fake/")) return control(req, res, url, raw);
    const route = req.method === "POST" && (url.pathname === "/emails" || url.pathname === "/emails/batch");
    const record = { method: req.method, path: url.pathname, idempotencyKey: header(req, "idempotency-key") };
    requests.push(record);
    const answer = (status, payload, extra) => {
      record.status = status;
      reply(res, status, payload, extra);
    };
    if (!route) return answer(404, problem(404, "The requested endpoint does not exist."));

    const auth = header(req, "authorization");
    const token = auth?.startsWith("Bearer ") ? auth.slice(7).trim() : "";
    if (!token) return answer(401, problem(401, "Missing API key in the authorization header."));
    if (apiKey !== null && token !== apiKey) return answer(403, problem(403, "API key is invalid"));

    const injected = failures.length > 0 ? failures.shift() : null;
    if (injected?.disconnect) return void req.socket.destroy();
    if (injected && !injected.afterAccept) return answer(injected.status, injected.body, injected.headers);

    if (raw === null) return answer(422, problem(422, "The request body is too large."));
    let payload;
    try {
      payload = JSON.parse(raw.toString("utf8"));
    } catch {
      return answer(400, problem(400, "The request body is not valid JSON."));
    }
    const batch = url.pathname === "/emails/batch";
    record.count = batch && Array.isArray(payload) ? payload.length : 1;

    const key = record.idempotencyKey;
    let slot;
    if (key !== undefined) {
      if (key.length < 1 || key.length > 256)
        return answer(400, problem(400, "The key must be between 1-256 chars.", "invalid_idempotency_key"));
      const hash = createHash("sha1").update(url.pathname).update(raw).digest("base64");
      const slotKey = `${token}\n${key}`;
      const previous = idempotency.get(slotKey);
      if (previous && previous.expiresAt > Date.now()) {
        if (previous.hash !== hash)
          return answer(
            409,
            problem(409, "Same idempotency key used with a different request payload.", "invalid_idempotent_request"),
          );
        if (previous.pending)
          return answer(
            409,
            problem(
              409,
              "Same idempotency key used while original request is still in progress.",
              "concurrent_idempotent_requests",
            ),
          );
        return answer(previous.status, previous.body);
      }
      slot = { slotKey, hash, pending: true, expiresAt: Date.now() + IDEMPOTENCY_TTL_MS };
      idempotency.set(slotKey, slot);
    }

    const result = batch
      ? acceptBatch(payload, header(req, "x-batch-validation") === "permissive")
      : acceptOne(payload);
    if (result.status !== 200) {
      if (slot) idempotency.delete(slot.slotKey);
      return answer(result.status, result.body);
    }
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    // Accepted: the messages count as sent even if the client has gone (that is what a lost response looks like).
    for (const message of result.messages) {
      emails.push(stored(message, key));
    }
    if (slot) Object.assign(slot, { pending: false, status: 200, body: result.body });
    if (injected) return answer(injected.status, injected.body, injected.headers);
    answer(200, result.body);
  }

  function stored(message, idempotencyKey) {
    const { id, from, to, subject, headers, reply_to, tags, html, text } = message;
    const entry = { id, from, to, subject, headers: headers ?? {}, reply_to, tags, idempotencyKey };
    if (keepContent) Object.assign(entry, { html, text });
    return entry;
  }

  function acceptOne(email) {
    const invalid = validate(email);
    if (invalid) return { status: 422, body: problem(422, invalid) };
    email.id = randomUUID();
    return { status: 200, body: { id: email.id }, messages: [email] };
  }

  function acceptBatch(payload, permissive) {
    if (!Array.isArray(payload))
      return { status: 422, body: problem(422, "The `request.body` field must be an `array`.") };
    if (payload.length === 0) return { status: 422, body: problem(422, "The `request.body` field must not be empty.") };
    if (payload.length > MAX_BATCH)
      return { status: 422, body: problem(422, `The \`request.body\` field must contain at most ${MAX_BATCH} items.`) };
    const data = [];
    const errors = [];
    const messages = [];
    for (let index = 0; index < payload.length; index++) {
      const invalid = validate(payload[index], true);
      if (invalid) {
        if (!permissive) return { status: 422, body: problem(422, `${invalid} (email at index ${index})`) };
        errors.push({ index, message: invalid });
        continue;
      }
      const message = payload[index];
      message.id = randomUUID();
      data.push({ id: message.id });
      messages.push(message);
    }
    return { status: 200, body: permissive ? { data, errors } : { data }, messages };
  }

  async function control(req, res, url, raw) {
    const input = raw && raw.length > 0 ? JSON.parse(raw.toString("utf8")) : {};
    if (req.method === "GET" && url.pathname === "/_fake/stats") {
      const cpu = process.cpuUsage();
      return reply(res, 200, {
        requests: requests.length,
        emails: emails.length,
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      });
    }
    if (req.method === "GET" && url.pathname === "/_fake/emails") {
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = Number(url.searchParams.get("limit") ?? 100);
      return reply(res, 200, { total: emails.length, data: emails.slice(offset, offset + limit) });
    }
    if (req.method === "POST" && url.pathname === "/_fake/fail") {
      api.failNext(input.n ?? 1, input.status ?? 500, input);
      return reply(res, 204);
    }
    if (req.method === "POST" && url.pathname === "/_fake/latency") {
      api.setLatency(input.ms ?? 0);
      return reply(res, 204);
    }
    if (req.method === "POST" && url.pathname === "/_fake/reset") {
      api.reset();
      return reply(res, 204);
    }
    reply(res, 404, problem(404, "Unknown control endpoint."));
  }

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const api = {
    url: `http://${host}:${typeof address === "object" && address ? address.port : port}`,
    emails,
    requests,
    /**
     * The next `n` API requests fail with `status` (after authentication, before anything is sent).
     * status "disconnect": the connection is dropped without an answer. options.afterAccept: the messages are
     * accepted (and the idempotency key recorded) and then the failure is answered, like a response lost on the way.
     */
    failNext(n, status, { retryAfter, name, message, afterAccept = false } = {}) {
      for (let i = 0; i < n; i++) {
        if (status === "disconnect") {
          failures.push({ disconnect: true });
          continue;
        }
        const headers = retryAfter === undefined ? undefined : { "retry-after": String(retryAfter) };
        const body = problem(status, message ?? `Injected failure ${status}`, name);
        failures.push({ status, body, headers, afterAccept });
      }
    },
    setLatency(ms) {
      latency = ms;
    },
    /** Forgets messages, requests, idempotency keys and pending failures. */
    reset() {
      emails.length = 0;
      requests.length = 0;
      failures.length = 0;
      idempotency.clear();
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      });
    },
  };
  return api;
}

function validate(email, inBatch = false) {
  if (email === null || typeof email !== "object" || Array.isArray(email)) return "Each email must be an object.";
  if (typeof email.from !== "string" || !email.from) return "The `from` field is missing.";
  if (!isAddress(email.from))
    return "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.";
  const to = Array.isArray(email.to) ? email.to : [email.to];
  if (to.length === 0 || to[0] === undefined || to[0] === null) return "The `to` field is missing.";
  if (to.length > 50) return "The `to` field must contain at most 50 addresses.";
  for (const address of to) {
    if (typeof address !== "string" || !isAddress(address))
      return "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.";
  }
  if (typeof email.subject !== "string" || !email.subject) return "The `subject` field is missing.";
  if (typeof email.html !== "string" && typeof email.text !== "string" && !email.template)
    return "Either `html`, `text` or `template` must be provided.";
  if (email.headers !== undefined) {
    if (email.headers === null || typeof email.headers !== "object") return "The `headers` field must be an object.";
    for (const value of Object.values(email.headers)) {
      if (typeof value !== "string") return "The `headers` field values must be strings.";
    }
  }
  if (inBatch && email.attachments !== undefined) return "Attachments are not supported in batch emails.";
  if (inBatch && email.scheduled_at !== undefined) return "`scheduled_at` is not supported in batch emails.";
  return null;
}

function isAddress(value) {
  const named = NAMED_ADDRESS.exec(value);
  return ADDRESS.test(named ? named[1].trim() : value.trim());
}

function problem(status, message, name) {
  return { statusCode: status, name: name ?? ERROR_NAMES[status] ?? "application_error", message };
}

function header(req, name) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function reply(res, status, payload, extraHeaders) {
  if (payload === undefined) {
    res.writeHead(status, extraHeaders);
    return res.end();
  }
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(`--${name}`);
    return at === -1 ? undefined : args[at + 1];
  };
  const fake = await startFakeResend({
    port: Number(option("port") ?? 4010),
    host: option("host") ?? "127.0.0.1",
    apiKey: option("api-key") ?? null,
    latencyMs: Number(option("latency") ?? 0),
    keepContent: args.includes("--keep-content"),
  });
  console.log(JSON.stringify({ url: fake.url }));
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
