// A public submission from arrival to stored: limits (per client address, per form), bot checks (honeypot, render
// token age), the fields checked against the form, then submitForm. Every refusal is a coded problem with a message
// a visitor can act on (form-problems.ts); the embed script shows it as it is.
// The form's definition may be a copy this process kept (public-form.ts): what is stored is checked against the
// current one by the writing statement, and a refusal judged on a kept copy is judged again on a fresh one, so a
// form unpublished or edited in another process is a 404 or the new definition at once.
import { clientAddress } from "@/server/auth/client-address";
import { formLimits } from "@/server/config";
import { takeToken } from "@/server/http/rate-limit";
import { takeAddressToken } from "./address-limit";
import { isTimeZone } from "@/lib/time-zones";
import { deviceOf } from "@/lib/user-agent";
import { parseSubmission } from "./parse-submission";
import { formNotFound, loadLiveFormForSubmit, type LiveForm, type SubmitForm } from "./public-form";
import { checkRenderToken } from "./render-token";
import { FormBusy, FormProblem } from "./form-problems";
import { StaleForm, submitForm, type SubmitResult, type Visit } from "./submit-form";
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

async function limit(key: string, perMinute: number, problem: FormBusy["problem"]) {
  const result = await takeToken(key, { limit: perMinute, windowMs: MINUTE });
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
  const byAddress = await takeAddressToken("form-ip", ipAddress, formLimits.perIp());
  if (!byAddress.allowed) throw new FormBusy("busy_network", byAddress.resetSeconds);
  const form = await loadLiveFormForSubmit(formId);
  if (!form) throw formNotFound();
  await limit(`form:${form.id}`, formLimits.perForm(), "busy_form");

  let current: SubmitForm = form;
  for (let attempt = 1; ; attempt++) {
    try {
      return { form: current, result: await checkAndSubmit(current, input, headers, ipAddress) };
    } catch (error) {
      const stale = error instanceof StaleForm;
      // A refusal (not a replay: that was checked against the current form) judged on a copy read before this request.
      const refusedOnKeptCopy = error instanceof FormProblem && error.problem !== "used" && current.kept;
      if ((!stale && !refusedOnKeptCopy) || attempt === 3) throw stale ? new FormProblem("failed") : error;
      const fresh = await loadLiveFormForSubmit(formId, { fresh: true });
      if (!fresh) throw formNotFound();
      if (!stale && fresh.version.form === current.version.form && fresh.version.fields === current.version.fields)
        throw error; // the same refusal on the current definition
      current = fresh;
    }
  }
}

async function checkAndSubmit(
  form: SubmitForm,
  input: Record<string, unknown>,
  headers: Headers,
  ipAddress: string | null,
): Promise<SubmitResult> {
  if (typeof input._hp === "string" ? input._hp.trim() !== "" : input._hp != null) throw new FormProblem("automated");
  const token = checkRenderToken(form.id, input._t, formLimits.minFillMs());
  if (!token.ok) throw new FormProblem(TOKEN_PROBLEMS[token.reason]);

  const parsed = parseSubmission(form.fields, form.defs, input);
  if (!parsed.ok) throw new FormProblem("fields", parsed.errors);

  const userAgent = clip(headers.get("user-agent"), 500);
  const pageUrl = typeof input._url === "string" ? clip(input._url, 2000) : null;
  // document.referrer as the embed saw it (the Referer header of its fetch is the host page itself).
  const referrer = typeof input._ref === "string" ? clip(input._ref, 2000) : null;
  const utmSource = utmSourceOf(pageUrl);
  const zone = typeof input._tz === "string" ? input._tz.trim() : null;
  const visit: Visit = {
    ipAddress,
    userAgent,
    timezone: form.captureTimezone && isTimeZone(zone) ? zone : null,
    referrer,
    utmSource,
    source: trafficSource(utmSource, referrer, pageUrl),
    device: deviceOf(userAgent),
  };
  // The token's nonce is spent only by the statement that stores the submission: every refusal above left it usable.
  return submitForm(form, parsed.value, token.nonce, visit);
}
