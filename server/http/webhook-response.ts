// The provider webhook routes' reading and answering (app/api/webhooks/**): bodies up to 1 MB (413 past it), refusals
// as problem+json with a request id, acknowledgements as JSON.
import { randomUUID } from "node:crypto";
import { isTooLarge, readBodyText } from "@/server/http/read-body";
import { problem } from "@/server/http/problem";
import {
  receiveProviderWebhook,
  type WebhookAnswer,
  type WebhookProvider,
} from "@/server/services/deliverability/receive-provider-webhook";

export const WEBHOOK_MAX_BYTES = 1_000_000;

/** The body as text, or the 413 problem to answer. */
export async function readWebhookBody(req: Request): Promise<string | Response> {
  try {
    return await readBodyText(req, WEBHOOK_MAX_BYTES, "Webhook bodies are at most 1 MB.");
  } catch (error) {
    if (isTooLarge(error)) return problem(413, error.message, new URL(req.url).pathname);
    throw error;
  }
}

export function webhookResponse(req: Request, answer: WebhookAnswer): Response {
  if (answer.status === 200) return Response.json(answer.body);
  return problem(answer.status, answer.detail, new URL(req.url).pathname, {
    headers: { "X-Request-Id": randomUUID() },
  });
}

/** The POST handler of `app/api/webhooks/<provider>/[identityId]`: one per provider, the same steps for each. */
export function providerWebhookPost(provider: WebhookProvider) {
  return async function POST(req: Request, ctx: { params: Promise<{ identityId: string }> }): Promise<Response> {
    const rawBody = await readWebhookBody(req);
    if (rawBody instanceof Response) return rawBody;
    const { identityId } = await ctx.params;
    return webhookResponse(req, await receiveProviderWebhook({ provider, identityId, rawBody, headers: req.headers }));
  };
}
