// Keys derived from the one server secret (NEXTAUTH_SECRET), one per purpose, so no two features share a key.
import { createHmac } from "node:crypto";

export function serverSecret(purpose: string): Buffer {
  const root = process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET;
  if (!root) throw new Error("NEXTAUTH_SECRET is not set: `npm start` creates one, or set it yourself.");
  return createHmac("sha256", root).update(`sendwell:${purpose}`).digest();
}
