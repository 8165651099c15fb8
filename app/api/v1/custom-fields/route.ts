// GET /api/v1/custom-fields – list custom fields (offset pagination); POST /api/v1/custom-fields – define one
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateCustomField, ZListCustomFieldsQuery } from "@/lib/schemas/custom-fields";
import { listCustomFields } from "@/server/services/custom-fields/list-custom-fields";
import { createCustomField } from "@/server/services/custom-fields/create-custom-field";

export const GET = withApiKey({ scope: "read", query: ZListCustomFieldsQuery }, async ({ auth, query }) =>
  json(await listCustomFields({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateCustomField }, async ({ auth, body }) => {
  const field = await createCustomField({ workspaceId: auth.workspaceId, input: body });
  return created({ data: field }, `/api/v1/custom-fields/${field.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
