// The contacts resource's operations, in the document's order.
import { addContactTags } from "./add-contact-tags";
import { batchUpsertContacts } from "./batch-upsert-contacts";
import { createContact } from "./create-contact";
import { deleteContact } from "./delete-contact";
import { exportContacts } from "./export-contacts";
import { getContact } from "./get-contact";
import { listContactActivity } from "./list-contact-activity";
import { listContacts } from "./list-contacts";
import { removeContactTag } from "./remove-contact-tag";
import { updateContact } from "./update-contact";

export const contactsOperations = [
  listContacts,
  createContact,
  batchUpsertContacts,
  getContact,
  updateContact,
  deleteContact,
  addContactTags,
  removeContactTag,
  listContactActivity,
];

/** The CSV export came later: the document lists it after the custom fields, and keeps it there (see document.ts). */
export const contactExportOperations = [exportContacts];
