// GET /api/v1/forms/{id}/analytics – form analytics over a range of UTC days (api-spec §2.7, unwrapped)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZFormAnalyticsQuery } from "@/lib/schemas/forms";
import { getFormAnalytics } from "@/server/services/forms/get-form-analytics";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZFormAnalyticsQuery },
  async ({ auth, params, query }) =>
    json(await getFormAnalytics({ workspaceId: auth.workspaceId, formId: params.id, query })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
