import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import type { BatchContacts } from "@/lib/schemas/contacts";
import { loadFieldDefs, validateFields } from "@/server/services/custom-fields/validate-fields";
import { tagIdErrors } from "./check-tag-ids";
import { loadContacts } from "./contact-record";
import { upsertContacts, type ValidContactInput } from "./upsert-contacts";

/**
 * POST /contacts/batch: every row is validated first and any error rejects the whole request (nothing written);
 * then one transaction upserts them all. The answer lists the contacts in request order, duplicates once.
 */
export async function batchUpsertContacts({ workspaceId, input }: { workspaceId: string; input: BatchContacts }) {
  const [defs, tagErrors] = await Promise.all([
    loadFieldDefs(workspaceId),
    tagIdErrors(workspaceId, input.tagIds ?? []),
  ]);
  const errors: FieldError[] = [...tagErrors];
  const rows: ValidContactInput[] = input.contacts.map((contact, i) => {
    const checked = validateFields(defs, contact.fields ?? {}, `#/contacts/${i}/fields`);
    errors.push(...checked.errors);
    return { ...contact, fields: checked.values };
  });
  if (errors.length) throw new AppError("VALIDATION", "The request body is invalid; nothing was written.", errors);
  return db().$transaction(
    async (tx) => {
      const result = await upsertContacts(tx, {
        workspaceId,
        rows,
        updateExisting: input.updateExisting,
        source: "api",
        tagIds: input.tagIds,
      });
      const contacts = await loadContacts(tx, workspaceId, result.contactIds);
      return { created: result.created, updated: result.updated, skipped: result.skipped, contacts };
    },
    { timeout: 30_000 },
  );
}
