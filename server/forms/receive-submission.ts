// A public submission from arrival to stored: limits (per client address, per form), bot checks (honeypot, render
// token age), the fields checked against the form, then submitForm. Every refusal is an AppError with a message a
// visitor can act on; the embed script shows it as it is.
import { clientAddress } from "@/server/auth/client-address";
import { formLimits } from "@/server/config";
import { AppError } from "@/server/errors";
import { RateLimitedError } from "@/server/http/with-public";
import { takeToken } from "@/server/http/rate-limit";
import { isTimeZone } from "@/server/sending/local-time";
import { deviceOf } from "@/server/tracking/classify";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { parseSubmission } from "./parse-submission";
import { formNotFound, loadLiveFormForSubmit, type LiveForm } from "./public-form";
import { checkRenderToken } from "./render-token";
import { submitForm, type SubmitResult } from "./submit-form";
import { clip, trafficSource, utmSourceOf } from "./visitor";

const MINUTE = 60_000;

const TOKEN_PROBLEMS = {
  missing: "This form is missing its security token. Reload the page and try again.",
  invalid: "This form's security token is not valid. Reload the page and try again.",
  too_fast: "That was faster than a person can fill in a form. Wait a few seconds and submit again.",
  expired: "This form has been open for more than a day. Reload the page and submit again.",
} as const;

/**
 * The address a submission is counted against: the trusted proxy's view (TRUST_PROXY), else the X-Forwarded-For
 * entry Next.js itself writes from the socket when a browser talks to it directly.
 */
export function submitterAddress(headers: Headers): string | null {
  return clientAddress(headers) ?? clip(headers.get("x-forwarded-for")?.split(",").pop(), 64);
}

function limit(key: string, perMinute: number, message: string) {
  const result = takeToken(key, Date.now(), { limit: perMinute, windowMs: MINUTE });
  if (!result.allowed) throw new RateLimitedError(message, result.resetSeconds);
}

export async function receiveSubmission({
  formId,
  input,
  headers,
}: {
  formId: string;
  input: Record<string, unknown>;
  headers: Headers;
}): Promise<{ form: LiveForm; result: SubmitResult }> {
  const ipAddress = submitterAddress(headers);
  if (ipAddress)
    limit(`form-ip:${ipAddress}`, formLimits.perIp(), "Too many sign-ups from your network. Try again in a minute.");
  const form = await loadLiveFormForSubmit(formId);
  if (!form) throw formNotFound();
  limit(`form:${form.id}`, formLimits.perForm(), "This form is receiving too many sign-ups. Try again in a minute.");

  if (typeof input._hp === "string" ? input._hp.trim() !== "" : input._hp != null) {
    throw new AppError("VALIDATION", "This submission looks automated: a field meant to stay empty was filled in.");
  }
  const token = checkRenderToken(form.id, input._t, formLimits.minFillMs());
  if (!token.ok) throw new AppError("VALIDATION", TOKEN_PROBLEMS[token.reason]);

  const defs = form.fields.some((f) => f.type === "custom" || (f.type === "hidden" && f.customField))
    ? await loadFieldDefs(form.workspaceId)
    : [];
  const parsed = parseSubmission(form.fields, defs, input);
  if (!parsed.ok) throw new AppError("VALIDATION", "Please correct the highlighted fields.", parsed.errors);

  const userAgent = clip(headers.get("user-agent"), 500);
  const pageUrl = typeof input._url === "string" ? clip(input._url, 2000) : null;
  // document.referrer as the embed saw it (the Referer header of its fetch is the host page itself).
  const referrer = typeof input._ref === "string" ? clip(input._ref, 2000) : null;
  const utmSource = utmSourceOf(pageUrl);
  const zone = typeof input._tz === "string" ? input._tz.trim() : null;
  const result = await submitForm(form, parsed.value, {
    ipAddress,
    userAgent,
    timezone: form.captureTimezone && isTimeZone(zone) ? zone : null,
    referrer,
    utmSource,
    source: trafficSource(utmSource, referrer, pageUrl),
    device: deviceOf(userAgent),
  });
  return { form, result };
}
