// GET /api/v1/contacts/{id}/activity – the contact's timeline, newest first (cursor pagination)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZActivityQuery } from "@/lib/schemas/contacts";
import { listContactActivity } from "@/server/services/contacts/list-contact-activity";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZActivityQuery },
  async ({ auth, params, query }) =>
    json(await listContactActivity({ workspaceId: auth.workspaceId, contactId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
