import { db } from "@/server/db/client";
import { ZEmail } from "@/lib/schemas/account";
import { dummyPasswordHash, verifyPassword } from "./password";

/** The user for an email and password, or null. Takes the same time whether or not the email exists. */
export async function verifyCredentials(email: unknown, password: unknown) {
  const parsed = ZEmail.safeParse(email);
  if (!parsed.success || typeof password !== "string" || password.length > 200) return null;
  const user = await db().user.findUnique({
    where: { email: parsed.data },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  return ok && user ? { id: user.id, email: user.email, name: user.name } : null;
}
