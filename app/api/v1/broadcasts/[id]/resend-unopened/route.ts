// POST /api/v1/broadcasts/{id}/resend-unopened – a new draft for the sent broadcast's recipients who did not open it
import { withApiKey, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZResendUnopened } from "@/lib/schemas/broadcasts";
import { resendUnopened } from "@/server/services/broadcasts/resend-unopened";

export const POST = withApiKey(
  { scope: "write", params: ZIdParams, body: ZResendUnopened },
  async ({ auth, params, body }) => {
    const broadcast = await resendUnopened({ workspaceId: auth.workspaceId, broadcastId: params.id, input: body });
    return created(broadcast, `/api/v1/broadcasts/${broadcast.id}`);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
