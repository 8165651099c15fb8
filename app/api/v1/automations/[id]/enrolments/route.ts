// GET /api/v1/automations/{id}/enrolments – the contacts' runs, newest first (cursor pages); POST – enrol a contact
// (201; 409 saying why when the automation is not active, the contact not subscribed, or already in); honours
// Idempotency-Key, so a retried enrolment never enters the contact twice
import { withApiKey, json, created, otherMethods } from "@/server/http/with-api-key";
import { ZIdParams } from "@/lib/schemas/common";
import { idempotent } from "@/server/http/idempotency";
import { ZEnrolContact, ZListEnrolmentsQuery } from "@/lib/schemas/automations";
import { enrolContact, listEnrolments } from "@/server/services/automations/enrolments";

export const GET = withApiKey(
  { scope: "read", params: ZIdParams, query: ZListEnrolmentsQuery },
  async ({ auth, params, query }) => json(await listEnrolments(auth.workspaceId, params.id, query)),
);

export const POST = withApiKey(
  { scope: "write", params: ZIdParams, body: ZEnrolContact },
  async ({ auth, params, body, req }) =>
    idempotent({ req, workspaceId: auth.workspaceId, body }, async () => {
      const enrolment = await enrolContact(auth.workspaceId, params.id, body);
      return created({ data: enrolment }, `/api/v1/automations/${params.id}/enrolments/${enrolment.id}`);
    }),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
