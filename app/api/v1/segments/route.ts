// GET /api/v1/segments – list segments with live counts (offset pagination); POST /api/v1/segments – create one
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZCreateSegment, ZListSegmentsQuery } from "@/lib/schemas/segments";
import { listSegments } from "@/server/services/segments/list-segments";
import { createSegment } from "@/server/services/segments/create-segment";

export const GET = withApiKey({ scope: "read", query: ZListSegmentsQuery }, async ({ auth, query }) =>
  json(await listSegments({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateSegment }, async ({ auth, body }) => {
  const segment = await createSegment({ workspaceId: auth.workspaceId, input: body });
  return created({ data: segment }, `/api/v1/segments/${segment.id}`);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
