// POST /api/v1/broadcasts/{id}/ab-winner – choose the A/B test's winning variant; the rest of the audience gets it
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZAbWinner } from "@/lib/schemas/broadcasts";
import { chooseAbWinner } from "@/server/services/broadcasts/choose-ab-winner";

export const POST = withApiKey({ scope: "write", params: ZIdParams, body: ZAbWinner }, async ({ auth, params, body }) =>
  json(await chooseAbWinner({ workspaceId: auth.workspaceId, broadcastId: params.id, variantId: body.variantId })),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
