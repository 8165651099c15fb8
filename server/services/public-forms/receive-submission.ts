// A public submission from arrival to stored: limits (per client address, per form), bot checks (honeypot, render
// token age), the fields checked against the form, then submitForm. Every refusal is a coded problem with a message
// a visitor can act on (form-problems.ts); the embed script shows it as it is.
import { clientAddress } from "@/server/auth/client-address";
import { formLimits } from "@/server/config";
import { takeToken } from "@/server/http/rate-limit";
import { isTimeZone } from "@/lib/time-zones";
import { deviceOf } from "@/lib/user-agent";
import { loadFieldDefs } from "@/server/services/custom-fields/validate-fields";
import { parseSubmission } from "./parse-submission";
import { formNotFound, loadLiveFormForSubmit, type LiveForm } from "./public-form";
import { checkRenderToken } from "./render-token";
import { FormBusy, FormProblem } from "./form-problems";
import { submitForm, type SubmitResult } from "./submit-form";
import { clip, trafficSource, utmSourceOf } from "./visitor";

const MINUTE = 60_000;

const TOKEN_PROBLEMS = {
  missing: "token_missing",
  invalid: "token_invalid",
  too_fast: "too_fast",
  expired: "expired",
} as const;

/**
 * The address a submission is counted against and stored with: the one the front server resolved from the
 * connection and TRUST_PROXY (server/auth/client-address.ts), the same every other limit reads. Never a header the
 * client wrote: each new X-Forwarded-For would otherwise be a new address with a fresh limit.
 */
export function submitterAddress(headers: Headers): string | null {
  return clientAddress(headers);
}

function limit(key: string, perMinute: number, problem: FormBusy["problem"]) {
  const result = takeToken(key, Date.now(), { limit: perMinute, windowMs: MINUTE });
  if (!result.allowed) throw new FormBusy(problem, result.resetSeconds);
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
  if (ipAddress) limit(`form-ip:${ipAddress}`, formLimits.perIp(), "busy_network");
  const form = await loadLiveFormForSubmit(formId);
  if (!form) throw formNotFound();
  limit(`form:${form.id}`, formLimits.perForm(), "busy_form");

  if (typeof input._hp === "string" ? input._hp.trim() !== "" : input._hp != null) throw new FormProblem("automated");
  const token = checkRenderToken(form.id, input._t, formLimits.minFillMs());
  if (!token.ok) throw new FormProblem(TOKEN_PROBLEMS[token.reason]);

  const defs = form.fields.some((f) => f.type === "custom" || (f.type === "hidden" && f.customField))
    ? await loadFieldDefs(form.workspaceId)
    : [];
  const parsed = parseSubmission(form.fields, defs, input);
  if (!parsed.ok) throw new FormProblem("fields", parsed.errors);

  const userAgent = clip(headers.get("user-agent"), 500);
  const pageUrl = typeof input._url === "string" ? clip(input._url, 2000) : null;
  // document.referrer as the embed saw it (the Referer header of its fetch is the host page itself).
  const referrer = typeof input._ref === "string" ? clip(input._ref, 2000) : null;
  const utmSource = utmSourceOf(pageUrl);
  const zone = typeof input._tz === "string" ? input._tz.trim() : null;
  // The token's nonce is spent only by the statement that stores the submission: every refusal above left it usable.
  const result = await submitForm(form, parsed.value, token.nonce, {
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
