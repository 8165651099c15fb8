// POST /api/v1/contacts/batch – upsert up to 1,000 contacts at once, all-or-nothing validation
import { withApiKey, json, otherMethods } from "@/server/http/with-api-key";
import { ZBatchContacts } from "@/lib/schemas/contacts";
import { batchUpsertContacts } from "@/server/services/contacts/batch-upsert-contacts";

export const POST = withApiKey({ scope: "write", body: ZBatchContacts }, async ({ auth, body }) =>
  json({ data: await batchUpsertContacts({ workspaceId: auth.workspaceId, input: body }) }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
