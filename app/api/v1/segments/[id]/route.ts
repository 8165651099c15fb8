// GET / PATCH / DELETE /api/v1/segments/{id} – read (with live count), change, delete one segment
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZUpdateSegment } from "@/lib/schemas/segments";
import { getSegment } from "@/server/services/segments/get-segment";
import { updateSegment } from "@/server/services/segments/update-segment";
import { deleteSegment } from "@/server/services/segments/delete-segment";

export const GET = withApiKey({ scope: "read", params: ZIdParams }, async ({ auth, params }) =>
  json({ data: await getSegment({ workspaceId: auth.workspaceId, segmentId: params.id }) }),
);

export const PATCH = withApiKey(
  { scope: "write", params: ZIdParams, body: ZUpdateSegment },
  async ({ auth, params, body }) =>
    json({ data: await updateSegment({ workspaceId: auth.workspaceId, segmentId: params.id, input: body }) }),
);

export const DELETE = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  await deleteSegment({ workspaceId: auth.workspaceId, segmentId: params.id });
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = otherMethods("GET", "PATCH", "DELETE");
