// Sendwell's own mail to one of its users (password reset, email change): kind "account", no workspace (no
// workspace's outbox shows it; offline, the outbox transport prints its link to the server log for the operator).
import { appUrl } from "@/server/config";
import { sendSingleEmail } from "@/server/email/send-email";
import { formatFrom } from "@/lib/email-address";

/**
 * The app's sender: MAIL_FROM when the operator set one (a bare address or `"Name" <address>`), else Sendwell at
 * the app's own host, as form confirmations fall back to.
 */
export function accountSender(base = appUrl()): string {
  const configured = process.env.MAIL_FROM?.trim();
  return configured || formatFrom("Sendwell", `no-reply@${new URL(base).hostname}`);
}

export async function sendAccountEmail(
  to: string,
  message: { subject: string; html: string; text: string },
  idempotencyKey: string,
) {
  return sendSingleEmail(
    {
      workspaceId: null,
      kind: "account",
      broadcastId: null,
      recipientId: null,
      from: accountSender(),
      to,
      ...message,
      headers: {},
    },
    { idempotencyKey },
  );
}
