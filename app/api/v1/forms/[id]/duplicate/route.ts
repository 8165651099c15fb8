// POST /api/v1/forms/{id}/duplicate – a new draft "<name> (copy)" with the same definition; the source is untouched
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { duplicateForm } from "@/server/services/forms/duplicate-form";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  const copy = await duplicateForm({ workspaceId: auth.workspaceId, formId: params.id });
  return created({ data: copy }, `/api/v1/forms/${copy.id}`);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
