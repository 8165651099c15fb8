// GET / PATCH / DELETE /api/v1/contacts/{id} – read, partially update, or erase (GDPR) one contact
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateContact } from "@/lib/schemas/contacts";
import { getContact } from "@/server/services/contacts/get-contact";
import { updateContact } from "@/server/services/contacts/update-contact";
import { deleteContact } from "@/server/services/contacts/delete-contact";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getContact({ workspaceId: auth.workspaceId, contactId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateContact },
  async ({ auth, params, body }) =>
    json({ data: await updateContact({ workspaceId: auth.workspaceId, contactId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteContact({ workspaceId: auth.workspaceId, contactId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
