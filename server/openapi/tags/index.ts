// The tags resource's operations, in the document's order.
import { createTag } from "./create-tag";
import { deleteTag } from "./delete-tag";
import { getTag } from "./get-tag";
import { listTags } from "./list-tags";
import { updateTag } from "./update-tag";

export const tagsOperations = [listTags, createTag, getTag, updateTag, deleteTag];
