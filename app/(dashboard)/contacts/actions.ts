"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import {
  ZActivityQuery,
  ZContactStatus,
  ZCreateContact,
  ZListContactsQuery,
  ZUpdateContact,
} from "@/lib/schemas/contacts";
import { listContacts } from "@/server/services/contacts/list-contacts";
import { getContact } from "@/server/services/contacts/get-contact";
import { createContact } from "@/server/services/contacts/create-contact";
import { updateContact } from "@/server/services/contacts/update-contact";
import { deleteContact } from "@/server/services/contacts/delete-contact";
import { addContactTags } from "@/server/services/contacts/add-contact-tags";
import { removeContactTag } from "@/server/services/contacts/remove-contact-tag";
import { listContactActivity } from "@/server/services/contacts/list-contact-activity";

export const listContactsAction = dashboardAction("audience", ZListContactsQuery, async (query, { workspace }) =>
  listContacts({ workspaceId: workspace.id, query }),
);

export const getContactAction = dashboardAction("audience", z.object({ id: ZUuid }), async ({ id }, { workspace }) =>
  getContact({ workspaceId: workspace.id, contactId: id }),
);

export const createContactAction = dashboardAction("audience", ZCreateContact, async (input, { workspace }) => {
  try {
    const { contact } = await createContact({ workspaceId: workspace.id, input, source: "dashboard" });
    return contact;
  } catch (error) {
    // The service's 409 speaks to API clients ("send upsert: true"); here the marketer just needs the fact.
    if (error instanceof AppError && error.code === "CONFLICT") {
      throw new AppError("CONFLICT", "A contact with this email already exists.", [
        { pointer: "#/email", detail: "Emails are unique in a workspace, ignoring case." },
      ]);
    }
    throw error;
  }
});

export const updateContactAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid, changes: ZUpdateContact }),
  async ({ id, changes }, { workspace }) => updateContact({ workspaceId: workspace.id, contactId: id, input: changes }),
);

export const deleteContactAction = dashboardAction("audience", z.object({ id: ZUuid }), async ({ id }, { workspace }) =>
  deleteContact({ workspaceId: workspace.id, contactId: id }),
);

export const addContactTagsAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid, tagIds: z.array(ZUuid).min(1).max(100) }),
  async ({ id, tagIds }, { workspace }) => addContactTags({ workspaceId: workspace.id, contactId: id, tagIds }),
);

export const removeContactTagAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid, tagId: ZUuid }),
  async ({ id, tagId }, { workspace }) => removeContactTag({ workspaceId: workspace.id, contactId: id, tagId }),
);

export const listContactActivityAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid, query: ZActivityQuery }),
  async ({ id, query }, { workspace }) => listContactActivity({ workspaceId: workspace.id, contactId: id, query }),
);

const ZBulk = z.object({
  // One page of the table at most: the selection never spans pages.
  ids: z.array(ZUuid).min(1, "Select at least one contact.").max(100),
  operation: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("addTag"), tagId: ZUuid }),
    z.object({ kind: z.literal("removeTag"), tagId: ZUuid }),
    z.object({ kind: z.literal("setStatus"), status: ZContactStatus }),
    z.object({ kind: z.literal("delete") }),
  ]),
});

/**
 * Applies one operation to each selected contact through the single-contact services, so every contact gets its
 * own events and activity exactly as the API would write them. One after another: the embedded database serialises
 * connections anyway. A contact deleted meanwhile counts as failed rather than failing the whole batch.
 */
export const bulkContactsAction = dashboardAction("audience", ZBulk, async ({ ids, operation }, { workspace }) => {
  const workspaceId = workspace.id;
  let done = 0;
  const failed: string[] = [];
  let firstError: unknown;
  for (const contactId of ids) {
    try {
      if (operation.kind === "addTag") await addContactTags({ workspaceId, contactId, tagIds: [operation.tagId] });
      else if (operation.kind === "removeTag")
        await removeContactTag({ workspaceId, contactId, tagId: operation.tagId });
      else if (operation.kind === "setStatus") {
        await updateContact({ workspaceId, contactId, input: { status: operation.status } });
      } else await deleteContact({ workspaceId, contactId });
      done++;
    } catch (error) {
      failed.push(contactId);
      firstError ??= error;
    }
  }
  // Nothing worked (a tag deleted meanwhile, a lost session): that error says more than a count would.
  if (done === 0 && firstError) throw firstError;
  return { done, failed };
});
