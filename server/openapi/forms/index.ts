// The forms resource's operations, in the document's order.
import { archiveForm } from "./archive-form";
import { createForm } from "./create-form";
import { deleteForm } from "./delete-form";
import { duplicateForm } from "./duplicate-form";
import { getForm } from "./get-form";
import { getFormAnalytics } from "./get-form-analytics";
import { listFormSubmissions } from "./list-form-submissions";
import { listForms } from "./list-forms";
import { publishForm } from "./publish-form";
import { unarchiveForm } from "./unarchive-form";
import { unpublishForm } from "./unpublish-form";
import { updateForm } from "./update-form";

export { formsTag } from "./schemas";

export const formsOperations = [
  listForms,
  createForm,
  getForm,
  updateForm,
  deleteForm,
  publishForm,
  unpublishForm,
  archiveForm,
  unarchiveForm,
  duplicateForm,
  listFormSubmissions,
  getFormAnalytics,
];
