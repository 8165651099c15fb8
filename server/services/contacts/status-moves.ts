// Contact status moves and their timestamps: the one home of the rule every writer follows (API and dashboard
// edits, batch upserts, imports, form submissions, double opt-in, unsubscribe links, bulk unsubscribes, bounces and
// complaints). Two parts:
// - who may move a contact where (STATUS_MOVES, mayMove, importMayMove): consent is the contact's to give, and a
//   suppression (bounced, complained) says more than an unsubscription, so it sticks;
// - what a move writes beside the status (timestampsOfMove): subscribedAt is the time of the latest subscription,
//   unsubscribedAt of the latest unsubscription (cleared by a resubscription); a move to pending, bounced or
//   complained keeps both. Timestamps move only when the status really changes.
// Set-based writers (one UPDATE for a batch, the form submission's single statement) embed the SQL fragments below,
// so no statement spells the timestamps out on its own. tests/integration/contact-status-moves.test.ts checks the
// fragments against timestampsOfMove for every pair of statuses.
import type { ContactStatus } from "@/lib/schemas/contacts";

/**
 * The moves a cause other than an edit may make, and from which statuses. An edit through the API or the dashboard
 * (PATCH, upsert, batch) may set any status: the marketer answers for it. A new contact starts in any status.
 */
export const STATUS_MOVES = {
  /** The double opt-in link: a pending contact, or one who unsubscribed and signed up again. */
  confirm: { to: "subscribed", from: ["pending", "unsubscribed"] },
  /** A single opt-in form confirms a pending contact; a submission changes no other known contact's status. */
  singleOptInForm: { to: "subscribed", from: ["pending"] },
  /** An email's unsubscribe link: only a subscribed contact changes (and is counted against the broadcast). */
  unsubscribeLink: { to: "unsubscribed", from: ["subscribed"] },
  /** Never resubscribes; bounced or complained contacts keep that status (it says more). */
  bulkUnsubscribe: { to: "unsubscribed", from: ["subscribed", "pending"] },
  /** An unsubscribed contact is already out of every audience and keeps the status they chose. */
  hardBounce: { to: "bounced", from: ["subscribed", "pending"] },
  /** A complaint outranks every other status. */
  complaint: { to: "complained", from: ["subscribed", "pending", "unsubscribed", "bounced"] },
} as const satisfies Record<string, { to: ContactStatus; from: readonly ContactStatus[] }>;

export type StatusMove = keyof typeof STATUS_MOVES;

/** Whether `move` applies to a contact whose status is `from`. */
export function mayMove(move: StatusMove, from: string): boolean {
  return (STATUS_MOVES[move].from as readonly string[]).includes(from);
}

/**
 * An import may unsubscribe contacts but never subscribe someone who left: an unsubscribed, bounced, complained or
 * still-unconfirmed (pending) contact keeps their status whatever the file says, and a bounced or complained one is
 * not even turned into "unsubscribed" (that would hide why we stopped mailing them). New contacts take the file's
 * status as it is.
 */
export function importMayMove(from: ContactStatus, to: ContactStatus): boolean {
  if (from === to) return true;
  if (from === "bounced" || from === "complained") return false;
  return to !== "subscribed";
}

export type TimestampWrite = "now" | "clear" | "keep";

/** What a move from `from` (null: a new contact) to `to` writes into subscribedAt and unsubscribedAt. */
export function timestampsOfMove(
  from: ContactStatus | null,
  to: ContactStatus,
): { subscribedAt: TimestampWrite; unsubscribedAt: TimestampWrite } {
  if (from === to) return { subscribedAt: "keep", unsubscribedAt: "keep" };
  if (to === "subscribed") return { subscribedAt: "now", unsubscribedAt: "clear" };
  if (to === "unsubscribed") return { subscribedAt: "keep", unsubscribedAt: "now" };
  return { subscribedAt: "keep", unsubscribedAt: "keep" };
}

// ---- SQL fragments for set-based writers. Arguments are SQL expressions written by our code, never values.

/**
 * The timestamp assignments of an UPDATE of "Contact" row `row` (its alias) to the status `to` (a text expression:
 * a parameter, a column of the rows being written), before the row's status changes. The caller sets the status.
 */
export function statusTimestampsSql(to: string, row = "c"): string {
  const becomes = (status: ContactStatus) => `${to} = '${status}' AND ${row}.status <> '${status}'`;
  return `"subscribedAt" = CASE WHEN ${becomes("subscribed")} THEN now() ELSE ${row}."subscribedAt" END,
           "unsubscribedAt" = CASE WHEN ${becomes("unsubscribed")} THEN now()
                                   WHEN ${becomes("subscribed")} THEN NULL
                                   ELSE ${row}."unsubscribedAt" END`;
}

/** The columns a new contact's timestamps go into, and their values for the status expression `status`. */
export const NEW_CONTACT_TIMESTAMP_COLUMNS = `"subscribedAt", "unsubscribedAt"`;
export function newContactTimestampsSql(status: string): string {
  return `CASE WHEN ${status} = 'subscribed' THEN now() END, CASE WHEN ${status} = 'unsubscribed' THEN now() END`;
}

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

/**
 * One move as SQL: `set` (the status and its timestamps, for `UPDATE "Contact" SET ${set}, …`) and `guard` (the
 * statuses it applies to, for the WHERE clause of a conditional UPDATE). Every `from` differs from `to`, so the
 * timestamps are those of a real change.
 */
export function statusMoveSql(move: StatusMove): { set: string; guard: string } {
  const { to, from } = STATUS_MOVES[move];
  const stamps = timestampsOfMove(from[0], to);
  const set = [`status = '${to}'`];
  for (const column of ["subscribedAt", "unsubscribedAt"] as const) {
    if (stamps[column] === "now") set.push(`"${column}" = now()`);
    if (stamps[column] === "clear") set.push(`"${column}" = NULL`);
  }
  return { set: set.join(", "), guard: `status IN (${quoted(from)})` };
}
