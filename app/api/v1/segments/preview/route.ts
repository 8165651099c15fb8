// POST /api/v1/segments/preview – count the contacts unsaved rules would match (the builder's live count)
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZPreviewSegment } from "@/lib/schemas/segments";
import { previewSegment } from "@/server/services/segments/preview-segment";

export const POST = withApiKey({ scope: "read", body: ZPreviewSegment }, async ({ auth, body }) =>
  json({ data: await previewSegment({ workspaceId: auth.workspaceId, rules: body.rules }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
