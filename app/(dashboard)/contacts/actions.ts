"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { AppError } from "@/server/errors";
import { ZActivityQuery, ZCreateContact, ZListContactsQuery, ZUpdateContact } from "@/lib/schemas/contacts";
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

export const createContactAction = dashboardAction("audience.write", ZCreateContact, async (input, { workspace }) => {
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
  "audience.write",
  z.object({ id: ZUuid, changes: ZUpdateContact }),
  async ({ id, changes }, { workspace }) => updateContact({ workspaceId: workspace.id, contactId: id, input: changes }),
);

export const deleteContactAction = dashboardAction(
  "contacts.delete",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => deleteContact({ workspaceId: workspace.id, contactId: id }),
);

export const addContactTagsAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid, tagIds: z.array(ZUuid).min(1).max(100) }),
  async ({ id, tagIds }, { workspace }) => addContactTags({ workspaceId: workspace.id, contactId: id, tagIds }),
);

export const removeContactTagAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid, tagId: ZUuid }),
  async ({ id, tagId }, { workspace }) => removeContactTag({ workspaceId: workspace.id, contactId: id, tagId }),
);

export const listContactActivityAction = dashboardAction(
  "audience",
  z.object({ id: ZUuid, query: ZActivityQuery }),
  async ({ id, query }, { workspace }) => listContactActivity({ workspaceId: workspace.id, contactId: id, query }),
);
