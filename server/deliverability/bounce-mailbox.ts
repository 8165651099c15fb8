// The bounce mailbox reader (worker): every BOUNCE_IMAP_POLL_SECONDS it takes the lease (one worker at a time), opens
// the mailbox over IMAP (imapflow), and reads its messages by UID in batches: each is parsed (bounce-parse/), matched
// and applied through applyDeliveryEvent (source "mailbox"), then deleted or moved to Sendwell/Processed; what it
// cannot match or read goes to Sendwell/Unrecognised for a person to look at. Applying comes before moving: a crash
// in between leaves the message to be read again, and its dedupe key (report Message-ID + address) makes that a
// no-op. Bad settings or an unreachable server are logged and shown on the settings page; the worker goes on.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { ImapFlow } from "imapflow";
import { startPollLoop } from "@/server/poll-loop";
import { applyDeliveryEvent } from "./apply-delivery-event";
import { MAX_BYTES, parseReport } from "./bounce-parse/parse-report";
import { toDeliveryEvents } from "./bounce-parse/to-events";
import {
  bounceMailboxSettings,
  PROCESSED_FOLDER,
  UNRECOGNISED_FOLDER,
  type BounceMailboxConfig,
} from "./bounce-mailbox-config";
import {
  recordMailboxCounts,
  recordMailboxPoll,
  releaseMailboxLease,
  takeMailboxLease,
  type PollCounts,
} from "./bounce-mailbox-status";

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** Messages fetched per round trip, and read per poll (the rest wait for the next one, which follows at once). */
const BATCH = 25;
const PER_POLL = 500;

export type MessageOutcome = "applied" | "ignored" | "unrecognised";

/** One message: parsed, matched and applied. Throws only when the database does (the message is then kept). */
export async function handleBounceMessage(raw: Buffer): Promise<MessageOutcome> {
  const report = await parseReport(raw);
  if (report.kind === "ignored") return "ignored";
  let matched = false;
  for (const event of toDeliveryEvents(report)) {
    if ((await applyDeliveryEvent(event)) !== "unmatched") matched = true;
  }
  return matched ? "applied" : "unrecognised";
}

export type PollResult = PollCounts & { more: boolean };

/** Reads the mailbox once (up to PER_POLL messages). The caller holds the lease. */
export async function pollBounceMailbox(config: BounceMailboxConfig, owner: string): Promise<PollResult> {
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.tls === "implicit",
    doSTARTTLS: config.tls === "starttls" ? true : config.tls === "none" ? false : undefined,
    auth: { user: config.user, pass: config.pass },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 16_000,
    socketTimeout: 120_000,
  });
  // A dropped connection also surfaces as the pending command's rejection; the event must not crash the worker.
  client.on("error", () => {});
  const total: PollResult = { processed: 0, applied: 0, unrecognised: 0, more: false };
  await client.connect();
  try {
    const lock = await client.getMailboxLock(config.mailbox);
    try {
      const uids = ((await client.search({ all: true }, { uid: true })) || []).sort((a, b) => a - b);
      total.more = uids.length > PER_POLL;
      const folders = new Map<string, string>();
      for (let i = 0; i < Math.min(uids.length, PER_POLL); i += BATCH) {
        const chunk = uids.slice(i, Math.min(i + BATCH, PER_POLL));
        const messages = await fetchChunk(client, chunk);
        const done: number[] = [];
        const aside: number[] = [];
        const counts: PollCounts = { processed: 0, applied: 0, unrecognised: 0 };
        for (const m of messages) {
          const outcome = await handleBounceMessage(m.source);
          (outcome === "unrecognised" ? aside : done).push(m.uid);
          counts.processed++;
          if (outcome === "applied") counts.applied++;
          if (outcome === "unrecognised") counts.unrecognised++;
        }
        if (aside.length)
          await client.messageMove(aside, await folder(client, folders, UNRECOGNISED_FOLDER), { uid: true });
        if (done.length) {
          if (config.after === "delete") await client.messageDelete(done, { uid: true });
          else await client.messageMove(done, await folder(client, folders, PROCESSED_FOLDER), { uid: true });
        }
        await recordMailboxCounts(owner, counts);
        total.processed += counts.processed;
        total.applied += counts.applied;
        total.unrecognised += counts.unrecognised;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return total;
}

/**
 * The chunk's messages, whole; of one larger than MAX_BYTES only its start (the report is there, and a huge message
 * stays cheap). A message the server sent no bytes of (though it has some) is left for the next poll.
 */
async function fetchChunk(client: ImapFlow, uids: number[]): Promise<{ uid: number; source: Buffer }[]> {
  const sizes = new Map<number, number>();
  for await (const m of client.fetch(uids, { uid: true, size: true }, { uid: true })) sizes.set(m.uid, m.size ?? 0);
  const small = uids.filter((uid) => (sizes.get(uid) ?? 0) <= MAX_BYTES);
  const out: { uid: number; source: Buffer }[] = [];
  if (small.length) {
    for await (const m of client.fetch(small, { uid: true, source: true }, { uid: true }))
      out.push({ uid: m.uid, source: m.source ?? Buffer.alloc(0) });
  }
  for (const uid of uids.filter((u) => !small.includes(u))) {
    const m = await client.fetchOne(
      String(uid),
      { uid: true, source: { start: 0, maxLength: MAX_BYTES } },
      { uid: true },
    );
    if (m) out.push({ uid, source: m.source ?? Buffer.alloc(0) });
  }
  return out.filter((m) => m.source.length > 0 || (sizes.get(m.uid) ?? 0) === 0).sort((a, b) => a.uid - b.uid);
}

/** The folder's path on this server (its own delimiter), created the first time. */
async function folder(client: ImapFlow, known: Map<string, string>, parts: string[]): Promise<string> {
  const key = parts.join("/");
  const cached = known.get(key);
  if (cached) return cached;
  const list = await client.list();
  const delimiter = list.find((m) => m.delimiter)?.delimiter ?? "/";
  const wanted = parts.join(delimiter);
  const found = list.find((m) => m.path.toLowerCase() === wanted.toLowerCase());
  const path = found?.path ?? (await client.mailboxCreate(parts)).path;
  known.set(key, path);
  return path;
}

const describe = (error: unknown) => {
  const e = error as { message?: string; responseText?: string; authenticationFailed?: boolean; code?: string };
  if (e?.authenticationFailed) return "The IMAP server refused BOUNCE_IMAP_USER / BOUNCE_IMAP_PASS.";
  const text = e?.responseText || e?.message || String(error);
  return e?.code && !text.includes(e.code) ? `${text} (${e.code})` : text;
};

export type BounceMailbox = { stop: () => Promise<void>; wake: () => void };

/** The worker's loop; a no-op when no mailbox is configured, a logged and recorded error when it is wrongly set. */
export function startBounceMailbox({
  log,
  env = process.env,
}: {
  log: Log;
  env?: Record<string, string | undefined>;
}): BounceMailbox {
  const settings = bounceMailboxSettings(env);
  if (settings.state !== "on") {
    if (settings.state === "error") {
      log("bounce mailbox not read: its settings are wrong", { error: settings.error });
      void recordMailboxPoll(settings.error).catch(() => {});
    }
    return { stop: async () => {}, wake: () => {} };
  }
  const { config } = settings;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const loop = startPollLoop({
    idleMs: config.pollMs,
    onError: (error) => log("bounce mailbox poll failed", { error: String(error) }),
    step: async () => {
      if (!(await takeMailboxLease(owner))) return false;
      try {
        const result = await pollBounceMailbox(config, owner);
        await recordMailboxPoll(null);
        if (result.processed) log("bounce mailbox read", { ...result });
        return result.more;
      } catch (error) {
        const message = describe(error);
        log("bounce mailbox poll failed", { error: message, host: config.host, user: config.user });
        await recordMailboxPoll(message);
        return false;
      } finally {
        await releaseMailboxLease(owner);
      }
    },
  });
  return { stop: loop.stop, wake: loop.wake };
}
