// The one mapping from a Contact row (plus its tag ids) to the API's Contact, and the SQL that reads such rows.
import { Prisma } from "@/server/db/generated/client";
import { AppError } from "@/server/errors";
import type { Tx } from "@/server/events/record-event";
import type { Contact, ContactStatus } from "@/lib/schemas/contacts";

export type ContactRow = {
  id: string;
  workspaceId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: ContactStatus;
  timezone: string | null;
  source: string;
  fields: unknown;
  tags: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  subscribedAt: Date | null;
  unsubscribedAt: Date | null;
};

/** Columns of a ContactRow over the alias `c`; tags in the order they were added. */
export const contactColumns = Prisma.sql`c.id, c."workspaceId", c.email, c."firstName", c."lastName",
  c.status::text AS status, c.timezone, c.source, c.fields, c."createdAt", c."updatedAt", c."subscribedAt",
  c."unsubscribedAt",
  ARRAY(SELECT ct."tagId"::text FROM "ContactTag" ct WHERE ct."contactId" = c.id ORDER BY ct."createdAt", ct."tagId")
    AS tags`;

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    timezone: row.timezone,
    source: row.source,
    fields: isRecord(row.fields) ? row.fields : {},
    tags: row.tags ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    subscribedAt: row.subscribedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** Contacts by id, in the order of `ids` (ids of other workspaces or deleted rows are left out). */
export async function loadContacts(client: Tx, workspaceId: string, ids: string[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const rows = await client.$queryRaw<ContactRow[]>`
    SELECT ${contactColumns} FROM "Contact" c
     WHERE c."workspaceId" = ${workspaceId}::uuid AND c.id = ANY(${ids}::uuid[])`;
  const byId = new Map(rows.map((r) => [r.id, toContact(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function loadContact(client: Tx, workspaceId: string, id: string): Promise<Contact> {
  const [contact] = await loadContacts(client, workspaceId, [id]);
  if (!contact) throw contactNotFound();
  return contact;
}

export const contactNotFound = () => new AppError("NOT_FOUND", "Contact not found.");

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
