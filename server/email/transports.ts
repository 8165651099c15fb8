// The transport of this process, chosen by EMAIL_TRANSPORT (outbox, the default; resend; smtp) and built once: the SMTP
// pool and the Resend client keep their connections between batches. A wrong setting fails at the first call with a
// message naming the variable, so the worker can call `transport()` while starting and refuse to run.
import { outboxTransport } from "./outbox-transport";
import { resendTransport } from "./resend-transport";
import { smtpTransport } from "./smtp-transport";
import type { Transport } from "./transport";

const NAMES = ["outbox", "resend", "smtp"] as const;

let configured: Transport | null = null;
let forTests: Transport | null = null;

export function transport(): Transport {
  if (forTests) return forTests;
  configured ??= transportFromEnv(process.env);
  return configured;
}

/** Replaces the transport of this process (null: back to EMAIL_TRANSPORT). For tests only. */
export function setTransportForTests(t: Transport | null) {
  forTests = t;
}

/** Closes the configured transport's connections (worker shutdown); the next `transport()` builds a new one. */
export async function closeTransport() {
  const t = configured;
  configured = null;
  await t?.close?.();
}

/**
 * The name of this process's transport, without building it: what pages say about delivery (a wrong setting is
 * reported by whatever sends).
 */
export function transportName(): string {
  return (forTests ?? configured)?.name ?? envTransportName(process.env);
}

const envTransportName = (env: Record<string, string | undefined>) =>
  (env.EMAIL_TRANSPORT || "outbox").trim().toLowerCase();

export function transportFromEnv(env: Record<string, string | undefined>): Transport {
  const name = envTransportName(env);
  switch (name) {
    case "outbox":
      return outboxTransport();
    case "resend": {
      const apiKey = env.RESEND_API_KEY?.trim();
      if (!apiKey) throw new Error("EMAIL_TRANSPORT=resend needs RESEND_API_KEY (a key with sending access).");
      return resendTransport({ apiKey, baseUrl: env.RESEND_BASE_URL?.trim() || undefined });
    }
    case "smtp": {
      const url = env.SMTP_URL?.trim();
      const host = env.SMTP_HOST?.trim();
      if (!url && !host) throw new Error("EMAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST.");
      const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : undefined;
      if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
        throw new Error(`SMTP_PORT must be a port number (got "${env.SMTP_PORT}").`);
      return smtpTransport({
        url,
        host,
        port,
        secure: env.SMTP_SECURE ? /^(1|true|yes)$/i.test(env.SMTP_SECURE.trim()) : undefined,
        user: env.SMTP_USER?.trim() || undefined,
        pass: env.SMTP_PASS,
      });
    }
    default:
      throw new Error(`EMAIL_TRANSPORT must be one of ${NAMES.join(", ")} (got "${env.EMAIL_TRANSPORT}").`);
  }
}
