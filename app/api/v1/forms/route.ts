// GET /api/v1/forms – list forms (filters, sorts, offset pagination); POST – create a draft
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateForm, ZListFormsQuery } from "@/lib/schemas/forms";
import { listForms } from "@/server/services/forms/list-forms";
import { createForm } from "@/server/services/forms/create-form";

export const GET = withApiKey({ scope: "read", query: ZListFormsQuery }, async ({ auth, query }) =>
  json(await listForms({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateForm }, async ({ auth, body }) => {
  const form = await createForm({ workspaceId: auth.workspaceId, input: body });
  return created({ data: form }, `/api/v1/forms/${form.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
