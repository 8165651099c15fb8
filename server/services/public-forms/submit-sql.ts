// The statements of a public submission (submit-form.ts), on raw pg and prepared: a submission is the hottest write
// of the public side. Prisma's per-query CPU (about 1 ms each in one Node process) capped it near 70/s; each round
// trip also costs a socket write and a wake-up of the backend on both sides. So a new address — almost every
// sign-up — is ONE statement: the contact and everything that goes with it, committed on its own. Only an address
// already on the list takes a transaction (lock it, decide, update, record).
import {
  NEW_CONTACT_TIMESTAMP_COLUMNS,
  newContactTimestampsSql,
  statusTimestampsSql,
} from "@/server/services/contacts/status-moves";

export const LOCK_CONTACT = `
  SELECT id::text, email, "emailKey", "firstName", "lastName", status::text AS status, timezone, fields
    FROM "Contact" WHERE "workspaceId" = $1::uuid AND "emailKey" = $2 FOR UPDATE`;

/** A known contact's new state, its timestamps by the one rule (status-moves.ts). */
export const UPDATE_CONTACT = `
  UPDATE "Contact" c
     SET "firstName" = $3, "lastName" = $4, status = $5::"ContactStatus", timezone = $6, fields = $7::jsonb,
         "updatedAt" = now(),
         ${statusTimestampsSql("$5")}
   WHERE c."workspaceId" = $1::uuid AND c.id = $2::uuid`;

/**
 * Everything a submission writes, in one statement, if the form is still live and the definition the values were
 * checked against is still its current one (`live`, `current`: the caller may hold a copy a few seconds old, read
 * by this process; the statement compares the form row's version and its custom field definitions' with the
 * copy's, and writes nothing when either moved: the caller checks the values again against a fresh copy). Then:
 * the contact when new (`ins`; every other part is gated on it, so an address that turns out to exist writes
 * nothing and the caller takes the known-contact path), tags, the submission, the Event log (contact events,
 * tag_added, form.submitted, in that order), the timeline, the confirmation owed (unless the address had one too
 * recently or too often), the day's counter (one of 16 shard rows at random, so concurrent sign-ups do not queue
 * on one row's lock) and the render token's use (`spent`: a plain insert, so a token used before fails the whole
 * statement on FormTokenUse's primary key and nothing of the replay is stored; it costs one index insert, no extra
 * round trip).
 *   $1 workspace  $2 form  $3 contact id  $4 email  $5 emailKey  $6 tagIds  $7 submission json  $8 events json
 *   $9 activities json  $10 wants confirmation  $11 confirmations per day  $12 gap seconds  $13 ttl seconds
 *   $14 the render token's nonce  $15 the form row's version  $16 the custom field keys the form uses
 *   $17 their definitions' versions (public-form.ts FIELD_DEFS)
 *   new contacts only: $18 the contact's state json (firstName, lastName, status, timezone, fields, source)
 */
const recordSubmission = (contact: "new" | "known", tags: boolean) => `
  WITH defs AS (
    SELECT coalesce(string_agg(key || ':' || xmin::text, ',' ORDER BY key COLLATE "C"), '') AS version
      FROM "CustomField" WHERE "workspaceId" = $1::uuid AND key = ANY($16::text[])),
  published AS (
    SELECT f.name, f.xmin::text = $15 AND defs.version = $17 AS current
      FROM "Form" f, defs WHERE f.id = $2::uuid AND f.status = 'published' AND f."deletedAt" IS NULL),
  live AS (
    SELECT name FROM published WHERE current),
  ins AS (${
    contact === "new"
      ? `
    INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", "lastName", status, timezone, source,
                           fields, "createdAt", "updatedAt", ${NEW_CONTACT_TIMESTAMP_COLUMNS})
    SELECT $3::uuid, $1::uuid, $4, $5, c."firstName", c."lastName", c.status::"ContactStatus", c.timezone, c.source,
           c.fields, now(), now(), ${newContactTimestampsSql("c.status")}
      FROM jsonb_to_record($18::jsonb) AS c("firstName" text, "lastName" text, status text, timezone text,
                                             source text, fields jsonb), live
        ON CONFLICT ("workspaceId", "emailKey") DO NOTHING
    RETURNING id`
      : `
    SELECT $3::uuid AS id FROM live`
  }),
  ${
    tags
      ? `linked AS (
    INSERT INTO "ContactTag" ("contactId", "tagId")
    SELECT ins.id, t.id FROM ins, "Tag" t WHERE t.id = ANY($6::uuid[]) AND t."workspaceId" = $1::uuid
     ORDER BY t.id
        ON CONFLICT DO NOTHING
    RETURNING "tagId"),
  -- Tag events carry the tag's name beside its id (as every other path that adds a tag does).
  linked_named AS (
    SELECT linked."tagId", t.name AS "tagName" FROM linked JOIN "Tag" t ON t.id = linked."tagId"),`
      : // No tags to give (most forms): nothing of ContactTag is planned, opened or executed.
        `linked AS (SELECT unnest($6::uuid[]) AS "tagId" WHERE false),
  linked_named AS (SELECT NULL::uuid AS "tagId", NULL::text AS "tagName" WHERE false),`
  }
  sub AS (
    INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, "ipAddress", "userAgent", timezone,
                                  referrer, "utmSource", source, device, "audienceStatus", "contactEmail")
    SELECT gen_random_uuid(), $2::uuid, $1::uuid, ins.id, s.data, s."ipAddress", s."userAgent", s.timezone,
           s.referrer, s."utmSource", s.source, s.device, s."audienceStatus", $4
      FROM ins, jsonb_to_record($7::jsonb) AS s(data jsonb, "ipAddress" text, "userAgent" text, timezone text,
                                                referrer text, "utmSource" text, source text, device text,
                                                "audienceStatus" text)
    RETURNING id),
  events AS (
    INSERT INTO "Event" (id, "workspaceId", type, payload)
    SELECT gen_random_uuid(), $1::uuid, e.type, e.payload FROM (
      SELECT 1 AS part, x.n, x.v->>'type' AS type, x.v->'payload' AS payload
        FROM ins, jsonb_array_elements($8::jsonb) WITH ORDINALITY AS x(v, n)
      UNION ALL
      SELECT 2, 0, 'contact.tag_added',
             jsonb_build_object('contactId', $3::text, 'tagId', ln."tagId", 'tagName', ln."tagName")
        FROM linked_named ln
      UNION ALL
      SELECT 3, 0, 'form.submitted',
             jsonb_build_object('formId', $2::text, 'formName', live.name, 'submissionId', sub.id,
                                'contactId', $3::text, 'email', $4)
        FROM sub, live) e
     ORDER BY e.part, e.n
    RETURNING 1),
  activities AS (
    INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "formId", data)
    SELECT gen_random_uuid(), $1::uuid, $3::uuid, a.type, a."formId", a.data FROM (
      SELECT 1 AS part, x.n, x.v->>'type' AS type, NULL::uuid AS "formId", x.v->'data' AS data
        FROM ins, jsonb_array_elements($9::jsonb) WITH ORDINALITY AS x(v, n)
      UNION ALL
      SELECT 2, 0, 'tag.added', NULL, jsonb_build_object('tagId', linked."tagId") FROM linked
      UNION ALL
      SELECT 3, 0, 'form.submitted', $2::uuid, jsonb_build_object('submissionId', sub.id) FROM sub) a
     ORDER BY a.part, a.n
    RETURNING 1),
  recent AS (
    SELECT count(*) AS today, max("createdAt") AS latest FROM "FormConfirmation"
     WHERE "workspaceId" = $1::uuid AND "emailKey" = $5 AND "createdAt" > now() - interval '1 day'),
  owed AS (
    INSERT INTO "FormConfirmation" (id, "workspaceId", "formId", "contactId", "emailKey", "expiresAt")
    SELECT gen_random_uuid(), $1::uuid, $2::uuid, ins.id, $5, now() + make_interval(secs => $13)
      FROM ins, recent
     WHERE $10::boolean AND recent.today < $11
       AND (recent.latest IS NULL OR recent.latest <= now() - make_interval(secs => $12))
    RETURNING id),
  spent AS (
    INSERT INTO "FormTokenUse" (nonce) SELECT $14 FROM ins RETURNING 1),
  daily AS (
    INSERT INTO "FormDailyStats" ("formId", day, shard, submissions)
    SELECT $2::uuid, (now() AT TIME ZONE 'UTC')::date, floor(random() * 16)::int, 1 FROM ins
        ON CONFLICT ("formId", day, shard) DO UPDATE SET submissions = "FormDailyStats".submissions + 1
    RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM published) AS live, EXISTS (SELECT 1 FROM live) AS current,
         (SELECT id::text FROM sub) AS "submissionId"`;

/** The violation a replayed render token raises (its nonce is FormTokenUse's primary key). */
export const TOKEN_USED_CONSTRAINT = "FormTokenUse_pkey";

/**
 * A new address's whole submission (the answer's submissionId is null when the address exists after all), with or
 * without tags to give ($6 empty: the statement without the tag parts, a sixth less of the database's work).
 */
export const CREATE_AND_RECORD = { tags: recordSubmission("new", true), none: recordSubmission("new", false) };
/** A known (locked, updated) contact's submission, inside the caller's transaction. */
export const RECORD_SUBMISSION = { tags: recordSubmission("known", true), none: recordSubmission("known", false) };
