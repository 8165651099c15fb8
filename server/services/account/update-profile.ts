import { db } from "@/server/db/client";

/** The person's display name (shown to teammates and in the sidebar); an empty name clears it. */
export async function updateProfile(input: { userId: string; name: string }) {
  return db().user.update({
    where: { id: input.userId },
    data: { name: input.name.trim() || null },
    select: { id: true, name: true, email: true },
  });
}
