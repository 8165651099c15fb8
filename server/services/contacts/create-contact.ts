import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import type { CreateContact } from "@/lib/schemas/contacts";
import { loadFieldDefs, validateFields } from "@/server/services/custom-fields/validate-fields";
import { tagIdErrors } from "./check-tag-ids";
import { loadContact } from "./contact-record";
import { upsertContacts } from "./upsert-contacts";

/**
 * Creates a contact (source "api" unless the caller says where it came from, e.g. "dashboard"). An existing email, ignoring case, is a 409 unless `upsert`, which updates that
 * contact the way a batch row does (omitted attributes kept, fields merged, tags added) and reports created: false.
 */
export async function createContact({
  workspaceId,
  input,
  source = "api",
}: {
  workspaceId: string;
  input: CreateContact;
  source?: "api" | "dashboard";
}) {
  const [defs, tagErrors] = await Promise.all([
    loadFieldDefs(workspaceId),
    tagIdErrors(workspaceId, input.tagIds ?? []),
  ]);
  const { values, errors } = validateFields(defs, input.fields ?? {});
  if (errors.length || tagErrors.length) {
    throw new AppError("VALIDATION", "The request body is invalid.", [...errors, ...tagErrors]);
  }
  const { tagIds, upsert, ...row } = input;
  return db().$transaction(async (tx) => {
    const result = await upsertContacts(tx, {
      workspaceId,
      rows: [{ ...row, fields: values }],
      updateExisting: upsert ?? false,
      source,
      tagIds,
    });
    const contactId = result.contactIds[0]!;
    if (result.skipped > 0) {
      throw new AppError(
        "CONFLICT",
        `A contact with this email already exists (id ${contactId}). Send "upsert": true to update it instead.`,
        [{ pointer: "#/email", detail: "Emails are unique per workspace, ignoring case." }],
      );
    }
    return { contact: await loadContact(tx, workspaceId, contactId), created: result.created > 0 };
  });
}
