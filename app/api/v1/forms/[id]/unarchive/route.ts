// POST /api/v1/forms/{id}/unarchive – archived → draft
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { unarchiveForm } from "@/server/services/forms/unarchive-form";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await unarchiveForm({ workspaceId: auth.workspaceId, formId: params.id }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
