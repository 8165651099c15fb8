// Sending identities with a provider webhook secret, and posts to their webhook routes, for the provider webhook tests.
import { randomUUID } from "node:crypto";
import { sql } from "@/server/db/pool";
import { sealSecret } from "@/server/secret-box";
import { POST as ses } from "@/app/api/webhooks/ses/[identityId]/route";
import { POST as postmark } from "@/app/api/webhooks/postmark/[identityId]/route";
import { POST as sendgrid } from "@/app/api/webhooks/sendgrid/[identityId]/route";
import { POST as mailgun } from "@/app/api/webhooks/mailgun/[identityId]/route";
import { POST as resend } from "@/app/api/webhooks/resend/[identityId]/route";

const ROUTES = { ses, postmark, sendgrid, mailgun, resend };
export type Provider = keyof typeof ROUTES;

/** A sending identity of `workspaceId` whose mail comes back through `provider`, with `secret` sealed. */
export async function makeIdentity(workspaceId: string, provider: string, secret: string | null): Promise<string> {
  const id = randomUUID();
  await sql(
    `INSERT INTO "SendingIdentity" (id, "workspaceId", name, kind, provider, config, "webhookSecret", "updatedAt")
     VALUES ($1, $2, $3, 'smtp', $4, $5, $6, now())`,
    [id, workspaceId, `${provider} ${id.slice(0, 8)}`, provider, sealSecret("{}"), secret ? sealSecret(secret) : null],
  );
  return id;
}

export type Answer = { status: number; type: string | null; body: Record<string, unknown> };

/** POSTs `body` (a string as is, anything else as JSON) to /api/webhooks/<provider>/<identityId>. */
export async function post(
  provider: Provider,
  identityId: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = `http://sendwell.test/api/webhooks/${provider}/${identityId}`;
  const res = await ROUTES[provider](
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ identityId }) },
  );
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

export const contactStatus = async (id: string) =>
  (await sql<{ status: string }>(`SELECT status FROM "Contact" WHERE id = $1`, [id]))[0]?.status;

export const eventCount = async (recipientId: bigint) =>
  (await sql(`SELECT 1 FROM "EmailEvent" WHERE "recipientId" = $1`, [recipientId])).length;

export const acknowledged = (applied: number, duplicate = 0, ignored = 0) => ({
  received: true,
  applied,
  duplicate,
  ignored,
});
