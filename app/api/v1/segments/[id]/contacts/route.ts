// GET /api/v1/segments/{id}/contacts – the contacts matching a segment now, newest first (cursor pagination)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZSegmentContactsQuery } from "@/lib/schemas/segments";
import { listSegmentContacts } from "@/server/services/segments/list-segment-contacts";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZSegmentContactsQuery },
  async ({ auth, params, query }) =>
    json(await listSegmentContacts({ workspaceId: auth.workspaceId, segmentId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
