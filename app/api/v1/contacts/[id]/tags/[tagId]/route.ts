// DELETE /api/v1/contacts/{id}/tags/{tagId} – remove one tag from a contact (idempotent)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZContactTagParams } from "@/lib/schemas/contacts";
import { removeContactTag } from "@/server/services/contacts/remove-contact-tag";

export const DELETE = withApiKey({ scope: "write", params: ZContactTagParams }, async ({ auth, params }) =>
  json({
    data: await removeContactTag({ workspaceId: auth.workspaceId, contactId: params.id, tagId: params.tagId }),
  }),
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
