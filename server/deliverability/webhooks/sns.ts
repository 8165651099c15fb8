// Amazon SNS message verification (how SES bounce and complaint notifications reach us): the signature over SNS's
// canonical string (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the certificate at SigningCertURL, which
// must be an https .pem on an SNS host (sns.<region>.amazonaws.com, or .com.cn): anyone can sign with their own
// certificate, so where it comes from is the proof. Certificates are fetched once and cached. The topic must be the
// one the sending identity names, and the timestamp recent.
import "server-only";
import { createVerify, X509Certificate, type KeyObject } from "node:crypto";
import { refuse, text, type Verified } from "./provider-event";

export type SnsMessage = {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SubscribeURL: string | null;
};

/** A GET as SNS verification needs it (the certificate, the subscription confirmation). Tests replace it. */
export type SnsGet = (url: string) => Promise<{ status: number; body: string }>;

const MAX_CERT_BYTES = 64 * 1024;

async function defaultGet(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  const declared = Number(res.headers.get("content-length") || 0);
  if (declared > MAX_CERT_BYTES) {
    await res.body?.cancel();
    return { status: 413, body: "" };
  }
  const body = await res.text();
  return { status: res.status, body: body.slice(0, MAX_CERT_BYTES) };
}

let get: SnsGet = defaultGet;
const certificates = new Map<string, Promise<KeyObject>>();

/** For tests: a local GET instead of the internet (and an empty certificate cache). */
export function useSnsGet(replacement: SnsGet | null) {
  get = replacement ?? defaultGet;
  certificates.clear();
}

export function snsGet(url: string) {
  return get(url);
}

/** SNS's own hosts, over https: the only places a signing certificate or a subscribe link may point to. */
export function isSnsUrl(value: string, { pem }: { pem: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  if (!/^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname)) return false;
  return !pem || (url.pathname.endsWith(".pem") && url.search === "");
}

function certificate(url: string): Promise<KeyObject> {
  let pending = certificates.get(url);
  if (!pending) {
    pending = (async () => {
      const res = await get(url);
      if (res.status !== 200) throw new Error(`the signing certificate answered ${res.status}`);
      const cert = new X509Certificate(res.body);
      const now = Date.now();
      if (Date.parse(cert.validTo) < now || Date.parse(cert.validFrom) > now)
        throw new Error("the signing certificate is not valid now");
      return cert.publicKey;
    })();
    // A failed fetch is not kept: the next message tries again. The cache stays small (SNS has few certificates).
    pending.catch(() => certificates.delete(url));
    if (certificates.size >= 32) certificates.delete(certificates.keys().next().value!);
    certificates.set(url, pending);
  }
  return pending;
}

/** The string SNS signs: "Key\nvalue\n" for each signed key present, in this order. */
export function canonicalString(m: Record<string, unknown>): string {
  const keys =
    m.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return keys
    .filter((k) => typeof m[k] === "string")
    .map((k) => `${k}\n${m[k] as string}\n`)
    .join("");
}

/** How old a message may be: SNS retries within the hour by default; older ones are replays, not retries. */
const MAX_AGE_MS = 60 * 60_000;
const MAX_SKEW_MS = 5 * 60_000;

export async function verifySnsMessage(body: unknown, topicArn: string): Promise<Verified<SnsMessage>> {
  const m = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const type = text(m.Type);
  if (type !== "Notification" && type !== "SubscriptionConfirmation" && type !== "UnsubscribeConfirmation")
    return refuse(400, "The body is not an Amazon SNS message (Type).");
  for (const key of ["MessageId", "TopicArn", "Message", "Timestamp", "Signature", "SigningCertURL"] as const)
    if (!text(m[key])) return refuse(400, `The SNS message has no ${key}.`);
  if (type !== "Notification" && (!text(m.SubscribeURL) || !text(m.Token)))
    return refuse(400, "The SNS message has no SubscribeURL or Token.");
  const version = text(m.SignatureVersion);
  const algorithm = version === "1" ? "RSA-SHA1" : version === "2" ? "RSA-SHA256" : null;
  if (!algorithm) return refuse(401, "The SNS message has an unknown SignatureVersion (1 or 2 expected).");
  const certUrl = m.SigningCertURL as string;
  if (!isSnsUrl(certUrl, { pem: true }))
    return refuse(401, "SigningCertURL must be an https .pem on sns.<region>.amazonaws.com.");
  if (m.TopicArn !== topicArn) return refuse(401, "The SNS topic is not the one configured for this sending identity.");
  const at = Date.parse(m.Timestamp as string);
  if (!Number.isFinite(at) || at < Date.now() - MAX_AGE_MS || at > Date.now() + MAX_SKEW_MS)
    return refuse(401, "The SNS message's Timestamp is missing, more than an hour old or in the future.");

  let key: KeyObject;
  try {
    key = await certificate(certUrl);
  } catch {
    return refuse(401, "The SNS signing certificate could not be fetched or read.");
  }
  const signature = Buffer.from(m.Signature as string, "base64");
  const verifier = createVerify(algorithm);
  verifier.update(canonicalString(m), "utf8");
  let valid = false;
  try {
    valid = verifier.verify(key, signature);
  } catch {
    valid = false;
  }
  if (!valid) return refuse(401, "The SNS signature does not verify.");
  return {
    ok: true,
    value: {
      Type: type,
      MessageId: m.MessageId as string,
      TopicArn: m.TopicArn as string,
      Message: m.Message as string,
      Timestamp: m.Timestamp as string,
      SubscribeURL: text(m.SubscribeURL),
    },
  };
}
