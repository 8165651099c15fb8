// GET /api/v1/contacts – list contacts (cursor pagination, filters); POST /api/v1/contacts – create (or upsert) one
import { withApiKey, json, created as createdResponse, otherMethods } from "@/server/http/with-api-key";
import { ZCreateContact, ZListContactsQuery } from "@/lib/schemas/contacts";
import { listContacts } from "@/server/services/contacts/list-contacts";
import { createContact } from "@/server/services/contacts/create-contact";

export const GET = withApiKey({ scope: "read", query: ZListContactsQuery }, async ({ auth, query }) =>
  json(await listContacts({ workspaceId: auth.workspaceId, query })),
);

export const POST = withApiKey({ scope: "write", body: ZCreateContact }, async ({ auth, body }) => {
  const { contact, created } = await createContact({ workspaceId: auth.workspaceId, input: body });
  // An upsert: 201 with the new contact's URL when it created one, 200 when it updated the existing contact.
  return created ? createdResponse({ data: contact }, `/api/v1/contacts/${contact.id}`) : json({ data: contact });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
