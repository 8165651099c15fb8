// GET /api/v1/tags – list tags (offset pagination); POST /api/v1/tags – create a tag
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateTag, ZListTagsQuery } from "@/lib/schemas/tags";
import { listTags } from "@/server/services/tags/list-tags";
import { createTag } from "@/server/services/tags/create-tag";

export const GET = withApiKey({ scope: "read", query: ZListTagsQuery }, async ({ auth, query }) =>
  json(await listTags({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateTag }, async ({ auth, body }) => {
  const tag = await createTag({ workspaceId: auth.workspaceId, input: body });
  return created({ data: tag }, `/api/v1/tags/${tag.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
