// The worker's confirmation loop: sends the double opt-in emails that submissions owe (FormConfirmation rows with
// sentAt null). Rows are claimed with SKIP LOCKED and a lease (nextAttemptAt moves 2 minutes ahead), so any number
// of workers share the queue and a worker that dies mid-send leaves its rows to be taken again after the lease.
// The provider call carries the key `confirmation:<id>`, so such a repeat is not a second email (outbox, Resend).
import { sql } from "@/server/db/pool";
import { startPollLoop } from "@/server/poll-loop";
import { appUrl } from "@/server/config";
import { sendSingleEmail } from "@/server/email/send-email";
import { PermanentSendError, TransientSendError } from "@/server/email/transport";
import { formatFrom } from "@/lib/email-address";
import { renderConfirmationEmail } from "@/emails/confirm-subscription";
import { confirmationUrl } from "@/server/services/public-forms/confirmation-token";

const BATCH = 50;
const PARALLEL = 10;
const IDLE_POLL_MS = 1_000;
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
/** After the nth failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h. */
const BACKOFF_SECONDS = [30, 120, 600, 1_800, 3_600, 7_200, 14_400];

type Claimed = {
  id: string;
  workspaceId: string;
  attempts: number;
  email: string;
  status: string;
  workspaceName: string;
  postalAddress: string | null;
  fromName: string | null;
  fromEmail: string | null;
  styles: { buttonColor?: string; buttonTextColor?: string } | null;
  /** The form's own subject and message (null: the defaults), merge tags filled from the contact below. */
  subject: string | null;
  message: string | null;
  firstName: string | null;
  lastName: string | null;
  fields: Record<string, unknown> | null;
};

const CLAIM = `
  WITH due AS (
    SELECT id FROM "FormConfirmation"
     WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= now()
       AND ($3::uuid IS NULL OR "workspaceId" = $3::uuid)
     ORDER BY "nextAttemptAt" LIMIT $1 FOR UPDATE SKIP LOCKED),
  claimed AS (
    UPDATE "FormConfirmation" fc
       SET "nextAttemptAt" = now() + make_interval(secs => $2), attempts = attempts + 1
      FROM due WHERE fc.id = due.id
    RETURNING fc.id, fc.attempts, fc."workspaceId", fc."contactId", fc."formId")
  SELECT claimed.id::text, claimed."workspaceId"::text AS "workspaceId", claimed.attempts, c.email, c.status::text AS status, w.name AS "workspaceName",
         w."postalAddress", w."defaultFromName" AS "fromName", w."defaultFromEmail" AS "fromEmail", f.styles,
         f."confirmationSubject" AS subject, f."confirmationText" AS message, c."firstName", c."lastName", c.fields
    FROM claimed
    JOIN "Contact" c ON c.id = claimed."contactId"
    JOIN "Workspace" w ON w.id = claimed."workspaceId"
    LEFT JOIN "Form" f ON f.id = claimed."formId"`;

/**
 * Sends the next batch of owed confirmations; answers how many rows it handled. `workspaceId` narrows it to one
 * workspace (tests, which share a database with other tests' rows).
 */
export async function sendDueConfirmations({ limit = BATCH, workspaceId = null as string | null } = {}) {
  const rows = await sql<Claimed>(CLAIM, [limit, LEASE_SECONDS, workspaceId]);
  const base = appUrl();
  for (let i = 0; i < rows.length; i += PARALLEL) {
    await Promise.all(rows.slice(i, i + PARALLEL).map((row) => sendOne(row, base)));
  }
  return rows.length;
}

async function sendOne(row: Claimed, base: string) {
  // Confirmed through another link meanwhile, or the address bounced: nothing to ask any more.
  if (row.status !== "pending" && row.status !== "unsubscribed") {
    await finish(row.id, "failed", `skipped: contact is ${row.status}`);
    return;
  }
  try {
    const message = await renderConfirmationEmail({
      workspaceName: row.workspaceName,
      postalAddress: row.postalAddress,
      confirmUrl: confirmationUrl(row.id, base),
      buttonColor: row.styles?.buttonColor,
      buttonTextColor: row.styles?.buttonTextColor,
      subject: row.subject,
      message: row.message,
      values: { email: row.email, firstName: row.firstName, lastName: row.lastName, fields: row.fields ?? {} },
    });
    await sendSingleEmail(
      {
        workspaceId: row.workspaceId,
        kind: "transactional",
        broadcastId: null,
        recipientId: null,
        from: formatFrom(row.fromName ?? row.workspaceName, row.fromEmail ?? fallbackSender(base)),
        to: row.email,
        ...message,
        headers: {},
      },
      { idempotencyKey: `confirmation:${row.id}` },
    );
    await finish(row.id, "sent", null);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentSendError || row.attempts >= MAX_ATTEMPTS) {
      await finish(row.id, "failed", detail.slice(0, 1000));
    } else {
      const wait =
        error instanceof TransientSendError && error.retryAfterMs
          ? Math.ceil(error.retryAfterMs / 1000)
          : BACKOFF_SECONDS[Math.min(row.attempts - 1, BACKOFF_SECONDS.length - 1)]!;
      await sql(
        `UPDATE "FormConfirmation" SET "nextAttemptAt" = now() + make_interval(secs => $2), "lastError" = $3
          WHERE id = $1::uuid`,
        [row.id, wait, detail.slice(0, 1000)],
      );
    }
  }
}

/** Without a default sender in Settings → Sending: an address at the app's own host (fine for the outbox). */
const fallbackSender = (base: string) => `no-reply@${new URL(base).hostname}`;

async function finish(id: string, outcome: "sent" | "failed", error: string | null) {
  await sql(
    outcome === "sent"
      ? `UPDATE "FormConfirmation" SET "sentAt" = now(), "lastError" = NULL WHERE id = $1::uuid`
      : `UPDATE "FormConfirmation" SET "failedAt" = now(), "lastError" = $2 WHERE id = $1::uuid`,
    outcome === "sent" ? [id] : [id, error],
  );
}

type Log = (message: string, fields?: Record<string, unknown>) => void;

/** The loop of a worker process: a batch at once after a full one, otherwise every second. */
export function startConfirmationSender({ log }: { log: Log }): { stop: () => Promise<void> } {
  return startPollLoop({
    step: async () => (await sendDueConfirmations()) === BATCH,
    idleMs: IDLE_POLL_MS,
    onError: (error) => log("confirmation batch failed; retrying", { error: String(error) }),
  });
}
