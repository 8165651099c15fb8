// POST /api/v1/broadcasts/{id}/duplicate – a new draft "<name> (copy)" with the same content; the source is untouched
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { duplicateBroadcast } from "@/server/services/broadcasts/duplicate-broadcast";

export const POST = withApiKey({ scope: "write", params: ZIdParams }, async ({ auth, params }) => {
  const copy = await duplicateBroadcast({ workspaceId: auth.workspaceId, broadcastId: params.id });
  return created(copy, `/api/v1/broadcasts/${copy.id}`);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
