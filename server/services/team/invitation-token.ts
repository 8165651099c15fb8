// Invitation links: 32 random bytes in base64url in the link, only their sha256 stored (Invitation.tokenHash), so a
// database leak yields no working link. A resend replaces the hash: the older link stops working.
import { createHash, randomBytes } from "node:crypto";
import { appUrl } from "@/server/config";
import { INVITATION_TTL_DAYS } from "@/lib/schemas/team";

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newInvitationToken(now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return { token, tokenHash: hashInvitationToken(token), expiresAt };
}

export const invitationUrl = (token: string, base = appUrl()) => `${base}/invite/${token}`;
