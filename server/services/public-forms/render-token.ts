// The render token a public form carries: the form id, the time it was rendered and a random nonce, signed. A
// submission must come at least FORM_MIN_FILL_MS after it (people take seconds to type an address; scripts take
// milliseconds) and at most a day after (a page left open overnight is reloaded). A bot can fetch a fresh token,
// but then it has to wait, and the per-address and per-form limits bound what waiting buys it.
// One token is one accepted submission: the nonce is written (FormTokenUse) in the statement that stores the
// submission, so replaying a captured request is refused (submit-form.ts). A refused submission (a field to correct,
// a limit) writes nothing, so the same token works for the corrected retry.
import { randomBytes } from "node:crypto";
import { signer } from "@/server/signing";

export const RENDER_TOKEN_MAX_AGE_MS = 24 * 3_600_000;
const signature = signer("form-render-token", 12);

export function renderToken(formId: string, now = Date.now()): string {
  const issued = now.toString(36);
  const nonce = randomBytes(12).toString("base64url");
  return `${issued}.${nonce}.${signature.sign(`${formId}.${issued}.${nonce}`)}`;
}

export type TokenCheck =
  { ok: true; nonce: string } | { ok: false; reason: "missing" | "invalid" | "too_fast" | "expired" };

export function checkRenderToken(formId: string, token: unknown, minFillMs: number, now = Date.now()): TokenCheck {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, issued, nonce, signed] = match as unknown as [string, string, string, string];
  if (!signature.verify(`${formId}.${issued}.${nonce}`, signed)) return { ok: false, reason: "invalid" };
  const age = now - parseInt(issued, 36);
  if (age < minFillMs) return { ok: false, reason: "too_fast" };
  if (age > RENDER_TOKEN_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, nonce };
}
