// GET /api/v1/automations/{id}/analytics – per step entered, waiting, completed, emails, opens, clicks,
// unsubscribes and goals over a range (default: the last 30 days), unwrapped like the other analytics
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { ZAutomationAnalyticsQuery } from "@/lib/schemas/automations";
import { getAutomationAnalytics } from "@/server/services/automations/get-automation-analytics";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZAutomationAnalyticsQuery },
  async ({ auth, params, query }) => json(await getAutomationAnalytics(auth.workspaceId, params.id, query)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
