// An action step's effect, in the run's transaction: tags added or removed as the contacts service does it (the
// ContactTag trigger keeps Tag.contactCount exact; the contact.tag_* event and tag.added/removed timeline entry), a
// custom field set through the same validation and change records as PATCH /contacts, another automation entered,
// or an automation.webhook event. A reference that no longer resolves (a tag or field deleted after publishing) is
// skipped with an outcome that says so: retrying cannot bring it back.
import type { Query } from "@/server/db/pool";
import type { Action } from "@/lib/schemas/automations";
import type { ContactStatus } from "@/lib/schemas/contacts";
import { validateFields, type FieldDef } from "@/server/services/custom-fields/validate-fields";
import { applyPatch, tagRecords, updateRecords } from "@/server/services/contacts/contact-changes";
import type { ActivityInput } from "@/server/services/contacts/record-activities";
import type { LockedRun } from "./claim-runs";
import { enterRuns } from "./run-moves";

type Records = { events: { type: string; payload: Record<string, unknown> }[]; activities: ActivityInput[] };

async function writeRecords(query: Query, workspaceId: string, r: Records) {
  if (r.events.length) {
    await query(
      `INSERT INTO "Event" (id, "workspaceId", type, payload)
       SELECT gen_random_uuid(), $1, e.v->>'type', e.v->'payload'
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n) ORDER BY e.n`,
      [workspaceId, JSON.stringify(r.events)],
    );
  }
  if (r.activities.length) {
    await query(
      `INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
       SELECT gen_random_uuid(), $1, (a.v->>'contactId')::uuid, a.v->>'type', coalesce(a.v->'data', '{}'::jsonb)
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS a(v, n) ORDER BY a.n`,
      [workspaceId, JSON.stringify(r.activities)],
    );
  }
}

/** One statement: the tag change, its event and timeline entry, and the contact's updatedAt (only when it changed). */
async function changeTag(query: Query, run: LockedRun, tagId: string, add: boolean): Promise<string> {
  const change = add
    ? `INSERT INTO "ContactTag" ("contactId", "tagId") SELECT $1, id FROM t ON CONFLICT DO NOTHING RETURNING 1`
    : `DELETE FROM "ContactTag" ct USING t WHERE ct."contactId" = $1 AND ct."tagId" = t.id RETURNING 1`;
  const { rows } = await query<{ changed: number }>(
    `WITH t AS (SELECT id, name FROM "Tag" WHERE id = $2 AND "workspaceId" = $3),
          ch AS (${change}),
          ev AS (INSERT INTO "Event" (id, "workspaceId", type, payload)
                 SELECT gen_random_uuid(), $3, $4,
                        jsonb_build_object('contactId', $1::text, 'tagId', t.id::text, 'tagName', t.name)
                   FROM t WHERE EXISTS (SELECT 1 FROM ch)),
          act AS (INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, data)
                  SELECT gen_random_uuid(), $3, $1, $5, jsonb_build_object('tagId', t.id::text)
                    FROM t WHERE EXISTS (SELECT 1 FROM ch)),
          touch AS (UPDATE "Contact" SET "updatedAt" = now() WHERE id = $1 AND EXISTS (SELECT 1 FROM ch))
     SELECT (SELECT count(*) FROM ch)::int AS changed FROM t`,
    [run.contactId, tagId, run.workspaceId, ...eventAndActivity(add)],
  );
  const tag = rows[0];
  if (!tag) return "skipped:tag_missing";
  return add ? (tag.changed ? "tag_added" : "had_tag") : tag.changed ? "tag_removed" : "had_no_tag";
}

/** The event and activity types of a tag change, as the contacts service names them (tagRecords). */
function eventAndActivity(add: boolean): [string, string] {
  const r = tagRecords("", "", add, "");
  return [r.event.type, r.activity.type];
}

async function setField(query: Query, run: LockedRun, key: string, value: unknown): Promise<string> {
  const { rows: defs } = await query<FieldDef>(
    `SELECT key, type::text, options FROM "CustomField" WHERE "workspaceId" = $1 AND key = $2`,
    [run.workspaceId, key],
  );
  const { values, errors } = validateFields(
    defs.map((d) => ({ ...d, options: Array.isArray(d.options) ? d.options : [] })),
    { [key]: value },
  );
  if (errors.length) return `skipped:${errors[0]!.detail}`;
  const { rows } = await query<{
    email: string;
    firstName: string | null;
    lastName: string | null;
    status: ContactStatus;
    timezone: string | null;
    fields: Record<string, unknown>;
  }>(`SELECT email, "firstName", "lastName", status::text, timezone, fields FROM "Contact" WHERE id = $1 FOR UPDATE`, [
    run.contactId,
  ]);
  const current = rows[0];
  if (!current) return "skipped:contact_missing";
  const { next, changes } = applyPatch(current, { fields: values });
  if (changes.length === 0) return "field_unchanged";
  await query(`UPDATE "Contact" SET fields = $2::jsonb, "updatedAt" = now() WHERE id = $1`, [
    run.contactId,
    JSON.stringify(next.fields),
  ]);
  await writeRecords(query, run.workspaceId, updateRecords(run.contactId, next, changes));
  return "field_set";
}

export async function runAction(query: Query, run: LockedRun, stepId: string, action: Action, now: Date) {
  switch (action.type) {
    case "add_tag":
    case "remove_tag":
      return changeTag(query, run, action.tagId, action.type === "add_tag");
    case "set_field":
      return setField(query, run, action.field, action.value);
    case "start_automation": {
      // Never around a loop (A starts B starts A): the runs that started this one, up the chain of entry keys
      // "automation:<runId>", must not include the target. The definition check refuses such loops when they are
      // saved; this holds even for two edits saved at the same moment.
      const { rows: loop } = await query(
        `WITH RECURSIVE chain(id, "automationId", "entryKey", depth) AS (
           SELECT id, "automationId", "entryKey", 0 FROM "AutomationRun" WHERE id = $1
           UNION ALL
           SELECT p.id, p."automationId", p."entryKey", c.depth + 1
             FROM chain c
             JOIN "AutomationRun" p
               ON p.id = CASE WHEN c."entryKey" ~ '^automation:[0-9]+$'
                              THEN substring(c."entryKey" from 12)::bigint END
            WHERE c.depth < 50)
         SELECT 1 FROM chain WHERE "automationId" = $2 LIMIT 1`,
        [run.id, action.automationId],
      );
      if (loop.length) return "not_entered: loop";
      const entered = await enterRuns(
        query,
        { automationId: action.automationId, workspaceId: run.workspaceId },
        [{ contactId: run.contactId, entryKey: `automation:${run.id}` }],
        now,
      );
      return entered.length ? "started" : "not_entered";
    }
    case "emit_webhook":
      await writeRecords(query, run.workspaceId, {
        events: [
          {
            type: "automation.webhook",
            payload: {
              automationId: run.automationId,
              automationName: run.automationName,
              runId: run.id,
              contactId: run.contactId,
              email: run.email,
              stepId,
              label: action.label,
            },
          },
        ],
        activities: [],
      });
      return "webhook";
  }
}
