// GET / PATCH / DELETE /api/v1/tags/{id} – read, rename or recolour, delete one tag
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateTag } from "@/lib/schemas/tags";
import { getTag } from "@/server/services/tags/get-tag";
import { updateTag } from "@/server/services/tags/update-tag";
import { deleteTag } from "@/server/services/tags/delete-tag";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getTag({ workspaceId: auth.workspaceId, tagId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateTag },
  async ({ auth, params, body }) =>
    json({ data: await updateTag({ workspaceId: auth.workspaceId, tagId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteTag({ workspaceId: auth.workspaceId, tagId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
