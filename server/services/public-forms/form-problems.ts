// Every refusal of a public submission a visitor can meet, by code, in one place: the problem body's `detail` the
// embed script shows, and the text the landing page shows after a plain HTML post. That page is told only the code
// (/f/<slug>?error=<code>) and prints the text from this table: a page never shows text taken from its URL, or
// anyone could make the sender's domain say anything with a crafted link.
import { AppError, type AppErrorCode, type FieldError } from "@/server/errors";
import { RateLimitedError } from "@/server/http/with-public";

export const FORM_PROBLEMS = {
  automated: "This submission looks automated: a field meant to stay empty was filled in.",
  token_missing: "This form is missing its security token. Reload the page and try again.",
  token_invalid: "This form's security token is not valid. Reload the page and try again.",
  too_fast: "That was faster than a person can fill in a form. Wait a few seconds and submit again.",
  expired: "This form has been open for more than a day. Reload the page and submit again.",
  used: "This form was already submitted. Reload the page to submit again.",
  busy_network: "Too many sign-ups from your network. Try again in a minute.",
  busy_form: "This form is receiving too many sign-ups. Try again in a minute.",
  fields: "Please correct the highlighted fields.",
  failed: "Your sign-up could not be sent. Reload the page and try again.",
} as const;

export type FormProblemCode = keyof typeof FORM_PROBLEMS;

const isCode = (code: string): code is FormProblemCode => Object.hasOwn(FORM_PROBLEMS, code);

/** The text of a code a URL carries; null for anything that is not one of ours. */
export const formProblemText = (code: string | null | undefined): string | null =>
  code && isCode(code) ? FORM_PROBLEMS[code] : null;

/**
 * A refusal with its code. A replayed token is a 409 (the request is fine, the token's state is not: the embed
 * script fetches a fresh one); everything else the visitor can fix is a 422.
 */
export class FormProblem extends AppError {
  constructor(
    readonly problem: Exclude<FormProblemCode, "busy_network" | "busy_form">,
    errors?: FieldError[],
  ) {
    super((problem === "used" ? "CONFLICT" : "VALIDATION") satisfies AppErrorCode, FORM_PROBLEMS[problem], errors);
  }
}

/** A per-address or per-form limit: a 429 with Retry-After (withPublic sets it), and its code. */
export class FormBusy extends RateLimitedError {
  constructor(
    readonly problem: "busy_network" | "busy_form",
    retryAfterSeconds: number,
  ) {
    super(FORM_PROBLEMS[problem], retryAfterSeconds);
  }
}

/** The code a refusal goes back to the landing page with. */
export function formProblemCode(error: AppError): FormProblemCode {
  if (error instanceof FormProblem || error instanceof FormBusy) return error.problem;
  return error.errors?.length ? "fields" : "failed";
}
