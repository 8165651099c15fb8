// Creation-time check of a webhook URL (422 on #/url). The connect-time guard (address-guard.ts) still applies to
// every request: this check only refuses early what could never be delivered to.
import { isIP } from "node:net";
import { AppError } from "@/server/errors";
import { addressAllowed, systemResolver, type Resolver } from "@/server/webhooks/address-guard";
import { normaliseHost, webhookSettings } from "@/server/webhooks/settings";

const invalid = (detail: string) =>
  new AppError("VALIDATION", "The webhook URL cannot be used.", [{ pointer: "#/url", detail }]);

/** Resolves at most this long at creation; an unresolvable host is accepted (DNS may not exist yet). */
const RESOLVE_TIMEOUT_MS = 2_000;

export async function checkWebhookUrl(raw: string, resolver: Resolver = systemResolver): Promise<string> {
  const url = new URL(raw);
  const host = normaliseHost(url.hostname);
  const allowListed = webhookSettings.allowedHosts().has(host);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowListed)) {
    throw invalid(
      url.protocol === "http:"
        ? "Use an https URL (plain http is accepted only for hosts listed in WEBHOOK_ALLOWED_HOSTS)."
        : "Use an https URL.",
    );
  }
  if (url.username || url.password) throw invalid("Credentials in the URL are not supported.");
  if (url.hash) throw invalid("Remove the #fragment: it is never sent.");
  if (allowListed) return url.toString();
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw invalid(`${host} is a local address; add it to WEBHOOK_ALLOWED_HOSTS to allow it.`);
  }
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await withTimeout(resolver(host), RESOLVE_TIMEOUT_MS).catch(() => []);
  for (const { address } of addresses) {
    const refused = addressAllowed(host, address);
    if (refused) {
      throw invalid(
        `${isIP(host) ? refused : `${host} resolves to ${address}: ${refused.replace(`${address} is`, "it is")}`}; ` +
          "private, loopback, link-local and metadata addresses are refused unless listed in WEBHOOK_ALLOWED_HOSTS.",
      );
    }
  }
  return url.toString();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
