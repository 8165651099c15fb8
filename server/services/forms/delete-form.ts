import { db } from "@/server/db/client";
import { formNotFound } from "./form-record";

/**
 * Soft: the row stays (its submissions and statistics with it) but the form is a 404 everywhere from now on, on the
 * API and the public URLs alike. Its landing-page slug is released for another form to take.
 */
export async function deleteForm({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<void> {
  const { count } = await db().form.updateMany({
    where: { id: formId, workspaceId, deletedAt: null },
    data: { deletedAt: new Date(), slug: null },
  });
  if (count === 0) throw formNotFound();
}
