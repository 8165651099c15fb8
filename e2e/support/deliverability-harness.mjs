// The outside world of the deliverability e2e, on this machine only (nothing reaches the internet), started by
// e2e/serve.mjs next to the app:
// - a DNS server (tests/support/dns-server.mjs) the app resolves through (DNS_SERVERS): the spec publishes a sending
//   domain's records in it, as a user does at their DNS host;
// - an SMTP sink (smtp-server) the app sends to through an SMTP sending identity: it keeps every message it accepts,
//   and for a recipient at @bounce-me.test it does what a real MTA does with a mailbox that does not exist: it
//   mails an RFC 3464 delivery status notification to the message's envelope sender (the VERP return path);
// - the bounce mailbox (hoodiecrow-imap, in process) that the VERP domain's MX stands for: those notifications land
//   in its INBOX, and the app's worker reads it over IMAP (BOUNCE_IMAP_*).
// A small HTTP control endpoint lets the spec (another process) set the DNS table and read what the sink received.
import { createServer } from "node:http";
import { once } from "node:events";
import { createRequire } from "node:module";
import { SMTPServer } from "smtp-server";
import { startDnsServer } from "../../tests/support/dns-server.mjs";
import { buildDsn } from "./dsn.mjs";

const require = createRequire(import.meta.url);
const hoodiecrow = require("hoodiecrow-imap");

/** Mail to this domain bounces (the mailbox does not exist). */
export const BOUNCING_DOMAIN = "bounce-me.test";
/** The host the bounce domains' MX records name (BOUNCE_MX_HOST): the mailbox below stands for it. */
export const BOUNCE_MX_HOST = "mx.sendwell-e2e.test";

const LOCALHOST = "127.0.0.1";
const port = (server) => server.address().port;

/** A raw message's bytes as received, CRLF line ends. */
async function readStream(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function startImap({ user, pass }) {
  const server = hoodiecrow({
    // What imapflow asks of a server it reads; MOVE is not among hoodiecrow's, so a client falls back to
    // COPY + \Deleted + EXPUNGE, as it must with many real servers.
    plugins: ["ID", "ENABLE", "NAMESPACE", "IDLE", "UNSELECT", "SPECIAL-USE", "LITERALPLUS", "SASL-IR", "AUTH-PLAIN"],
    id: { name: "sendwell-e2e-mailbox", version: "1" },
    users: { [user]: { password: pass } },
    storage: { INBOX: { messages: [] }, "": { separator: "/", folders: {} } },
  });
  return new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, LOCALHOST, () => resolve(server));
  });
}

/** The mailbox as the spec sees it: per folder, each message's subject line and flags. */
function mailboxState(imap) {
  const folders = {};
  for (const [path, folder] of Object.entries(imap.folderCache ?? {})) {
    if (!Array.isArray(folder.messages)) continue;
    folders[path] = folder.messages.map((m) => ({
      uid: m.uid,
      flags: m.flags,
      subject: /^Subject: (.*)$/im.exec(m.raw)?.[1]?.trim() ?? null,
      to: /^To: (.*)$/im.exec(m.raw)?.[1]?.trim() ?? null,
    }));
  }
  return folders;
}

/**
 * @param {{ smtpUser?: string, smtpPass?: string, imapUser?: string, imapPass?: string, dsnDelayMs?: number,
 *           log?: (line: string) => void }} [options]
 */
export async function startDeliverabilityHarness(options = {}) {
  const smtpAuth = { user: options.smtpUser ?? "sink", pass: options.smtpPass ?? "sink-password" };
  const imapAuth = { user: options.imapUser ?? "bounces", pass: options.imapPass ?? "bounces-password" };
  const log = options.log ?? (() => {});
  /** Every message the sink accepted, in order. */
  const received = [];
  /** Every notification put into the mailbox. */
  const dsns = [];
  const pending = new Set();

  const dns = await startDnsServer();
  const imap = await startImap(imapAuth);

  const smtp = new SMTPServer({
    name: BOUNCE_MX_HOST,
    logger: false,
    // Plain SMTP on 127.0.0.1: no certificate to trust; AUTH allowed without TLS, optional (an identity may have no
    // credentials), and when given it must be the sink's.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpAuth.user && auth.password === smtpAuth.pass)
        return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      readStream(stream).then(
        (raw) => {
          const message = {
            at: new Date().toISOString(),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            authenticatedAs: session.user ?? null,
            raw,
          };
          received.push(message);
          log(`[e2e-smtp] accepted mail from <${message.mailFrom}> to ${message.rcptTo.join(", ")}`);
          callback();
          bounceLater(message);
        },
        (error) => callback(error),
      );
    },
  });

  /** As an MTA does after accepting: the failed recipients are reported to the envelope sender, never to <>. */
  function bounceLater(message) {
    const failed = message.rcptTo.filter((to) => to.toLowerCase().endsWith(`@${BOUNCING_DOMAIN}`));
    if (failed.length === 0 || !message.mailFrom) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      const raw = buildDsn({
        reportingMta: BOUNCE_MX_HOST,
        envelopeFrom: message.mailFrom,
        recipients: failed,
        original: message.raw,
      });
      imap.appendMessage("INBOX", [], new Date(), raw);
      dsns.push({ at: new Date().toISOString(), to: message.mailFrom, recipients: failed, raw });
      log(`[e2e-smtp] bounced ${failed.join(", ")}: a delivery status notification to <${message.mailFrom}>`);
    }, options.dsnDelayMs ?? 200);
    pending.add(timer);
  }

  smtp.listen(0, LOCALHOST);
  await once(smtp.server, "listening");

  const info = () => ({
    dns: { server: dns.server },
    smtp: { host: LOCALHOST, port: port(smtp.server), ...smtpAuth },
    imap: { host: LOCALHOST, port: port(imap.server), ...imapAuth },
    bounceMxHost: BOUNCE_MX_HOST,
    bouncingDomain: BOUNCING_DOMAIN,
  });

  const control = createServer((req, res) => {
    const reply = (status, body) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && req.url === "/state") {
      return reply(200, { ...info(), received, dsns, mailbox: mailboxState(imap), dnsQueries: dns.queries });
    }
    if (req.method === "PUT" && req.url === "/dns") {
      readStream(req).then((body) => {
        try {
          const table = JSON.parse(body);
          if (!table || typeof table !== "object" || Array.isArray(table)) throw new Error("a table of name → records");
          dns.set(table);
          reply(200, { names: Object.keys(table) });
        } catch (error) {
          reply(400, { error: error.message });
        }
      });
      return;
    }
    reply(404, { error: `no ${req.method} ${req.url}` });
  });
  control.listen(0, LOCALHOST);
  await once(control, "listening");

  return {
    ...info(),
    controlUrl: `http://${LOCALHOST}:${port(control)}`,
    received,
    dsns,
    /** What the app needs to resolve through the DNS server and read the bounce mailbox. */
    env: {
      DNS_SERVERS: dns.server,
      BOUNCE_MX_HOST,
      BOUNCE_IMAP_HOST: LOCALHOST,
      BOUNCE_IMAP_PORT: String(port(imap.server)),
      BOUNCE_IMAP_USER: imapAuth.user,
      BOUNCE_IMAP_PASS: imapAuth.pass,
      BOUNCE_IMAP_TLS: "none",
      BOUNCE_IMAP_POLL_SECONDS: "2",
    },
    /** Stops everything; a server still holding a client's connection is not waited for beyond 3 s. */
    async close() {
      for (const timer of pending) clearTimeout(timer);
      const closed = Promise.all([
        new Promise((resolve) => control.close(() => resolve(undefined))),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
        new Promise((resolve) => imap.close(() => resolve(undefined))),
        dns.close(),
      ]);
      control.closeAllConnections();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    },
  };
}
