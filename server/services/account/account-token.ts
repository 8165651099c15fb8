// The links of account mail (password reset, email change): 32 random bytes in base64url in the link, only their
// sha256 stored, so a database leak yields no working link. Expiry and single use live on the AccountToken row;
// a token is claimed by one conditional UPDATE, so two clicks (or two tabs) cannot both use it.
import { createHash, randomBytes } from "node:crypto";
import type { AccountTokenPurpose, Prisma } from "@/server/db/generated/client";
import { appUrl } from "@/server/config";
import { db } from "@/server/db/client";
import { ZAccountLinkToken } from "@/lib/schemas/account-settings";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export const hashAccountToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const accountLink = (path: "reset-password" | "confirm-email", token: string, base = appUrl()) =>
  `${base}/${path}/${token}`;

/**
 * A new token for the user: earlier unused tokens of the same purpose stop working (a second "forgot password"
 * makes the first link useless; a new email change replaces the pending one). Returns the plaintext for the link.
 */
export async function issueAccountToken(input: {
  userId: string;
  purpose: AccountTokenPurpose;
  ttlMs: number;
  newEmail?: string;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db().$transaction([
    db().accountToken.updateMany({
      where: { userId: input.userId, purpose: input.purpose, usedAt: null },
      data: { usedAt: now },
    }),
    db().accountToken.create({
      data: {
        userId: input.userId,
        purpose: input.purpose,
        tokenHash: hashAccountToken(token),
        newEmail: input.newEmail ?? null,
        createdAt: now,
        expiresAt,
      },
    }),
  ]);
  return { token, expiresAt };
}

export type TokenState = "valid" | "expired" | "used" | "unknown";

/** What a link's token is, without using it (the page decides whether to show the form or "request a new link"). */
export async function inspectAccountToken(
  token: string,
  purpose: AccountTokenPurpose,
  // Inside a transaction, pass it: the embedded database has one session, so a query outside the open transaction
  // waits for it while it waits for the query, until the transaction's timeout ends both.
  client: Prisma.TransactionClient = db(),
) {
  if (!ZAccountLinkToken.safeParse(token).success) return { state: "unknown" as const, row: null };
  const row = await client.accountToken.findUnique({
    where: { tokenHash: hashAccountToken(token) },
    select: { id: true, userId: true, purpose: true, newEmail: true, expiresAt: true, usedAt: true },
  });
  if (!row || row.purpose !== purpose) return { state: "unknown" as const, row: null };
  const state: TokenState = row.usedAt ? "used" : row.expiresAt <= new Date() ? "expired" : "valid";
  return { state, row };
}

/**
 * Uses the token once: marks it used only if it is unused and unexpired, inside the caller's transaction. Answers
 * the row, or null when someone else used it first, it expired, or it never existed.
 */
export async function claimAccountToken(tx: Prisma.TransactionClient, token: string, purpose: AccountTokenPurpose) {
  if (!ZAccountLinkToken.safeParse(token).success) return null;
  const tokenHash = hashAccountToken(token);
  const now = new Date();
  const { count } = await tx.accountToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  return tx.accountToken.findUnique({ where: { tokenHash }, select: { id: true, userId: true, newEmail: true } });
}
