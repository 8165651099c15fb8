// GET /api/v1/broadcasts – list broadcasts (filters, sort, offset and cursor pagination); POST – create a draft
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateBroadcast, ZListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { listBroadcasts } from "@/server/services/broadcasts/list-broadcasts";
import { createBroadcast } from "@/server/services/broadcasts/create-broadcast";

export const GET = withApiKey({ scope: "read", query: ZListBroadcastsQuery }, async ({ auth, query }) =>
  json(await listBroadcasts({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateBroadcast }, async ({ auth, body }) => {
  const broadcast = await createBroadcast({ workspaceId: auth.workspaceId, input: body });
  return created(broadcast, `/api/v1/broadcasts/${broadcast.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
