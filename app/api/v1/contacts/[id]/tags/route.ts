// POST /api/v1/contacts/{id}/tags – add tags to a contact
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZContactTagsBody } from "@/lib/schemas/contacts";
import { addContactTags } from "@/server/services/contacts/add-contact-tags";

export const POST = withApiKey(
  { scope: "write", params: ZIdParams, body: ZContactTagsBody },
  async ({ auth, params, body }) =>
    json({ data: await addContactTags({ workspaceId: auth.workspaceId, contactId: params.id, tagIds: body.tagIds }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
