// The custom-fields resource's operations, in the document's order.
import { createCustomField } from "./create-custom-field";
import { deleteCustomField } from "./delete-custom-field";
import { getCustomField } from "./get-custom-field";
import { listCustomFields } from "./list-custom-fields";
import { updateCustomField } from "./update-custom-field";

export const customFieldsOperations = [
  listCustomFields,
  createCustomField,
  getCustomField,
  updateCustomField,
  deleteCustomField,
];
