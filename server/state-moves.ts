// The 409 of a refused state move, worded once for every resource that has a status and conditional moves between
// statuses (broadcasts and their sending engine, forms; automations next): the detail names the current status and
// the statuses the move is allowed from, so a client knows what state it raced with and what to do.
import { AppError } from "@/server/errors";

export type MoveNote = {
  /** A sentence added after the allowed statuses ("It is already paused."). */
  also?: string;
  /** Said instead of the allowed statuses, when telling what to do helps more ("unarchive it first."). */
  instead?: string;
};

/**
 * `resource` is the noun ("broadcast", "form"); `action` reads as a verb phrase: "send", "edit", "choose the A/B
 * winner of"… An empty note (`also: ""`, `instead: ""`) is no note.
 */
export function illegalMove(
  resource: string,
  action: string,
  status: string,
  allowed: readonly string[],
  { also = "", instead = "" }: MoveNote = {},
): AppError {
  const from = allowed.map((s) => `\`${s}\``).join(" or ");
  const a = /^[aeiou]/i.test(resource) ? "an" : "a";
  const rule = instead || `only ${a} ${resource} in ${from} can be.`;
  return new AppError(
    "CONFLICT",
    `Cannot ${action} ${a} ${resource} whose status is \`${status}\`: ${rule}${also ? ` ${also}` : ""}`,
  );
}
