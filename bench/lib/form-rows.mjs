// Rows for bench/forms.mjs, seeded in SQL: a year of a busy form (daily counts and its submissions) beside another
// form's submissions, so the analytics read its own rows out of a shared table as in a real installation.
import { seedReaders } from "./server.mjs";
import { round } from "./proc.mjs";

/**
 * A form with `views` views and `submissions` submissions over the last 365 UTC days (today included): daily counts
 * that vary by weekday and season and add up exactly, one new contact per submission, 13 sources (a long tail to
 * fold into "Other"), three devices, and field values filled at different rates.
 */
export async function seedBusyForm(client, slug, { views, submissions, neighbours, userAgent }) {
  const t0 = performance.now();
  const {
    rows: [ws],
  } = await client.query(`SELECT id FROM "Workspace" WHERE slug = $1`, [slug]);
  const fields = [
    { type: "email", name: "email", label: "Email", required: true },
    { type: "first_name", name: "firstName", label: "First name", required: false },
    { type: "checkbox", name: "weekly", label: "Weekly digest", required: false },
    { type: "consent", name: "consent", label: "I agree to receive emails", required: true },
    { type: "hidden", name: "campaign", param: "utm_campaign" },
  ];
  const {
    rows: [form],
  } = await client.query(
    `INSERT INTO "Form" (id, "workspaceId", name, type, status, fields, "successMessage", "publishedAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'A busy year', 'popup', 'published', $2, 'Thanks!', now(), now()) RETURNING id`,
    [ws.id, JSON.stringify(fields)],
  );
  // Weight per day: weekdays busier than weekends, a slow seasonal wave. Counts are differences of the rounded
  // running share, so they add up to the totals exactly; each day's are spread over the 16 shard rows that
  // concurrent sign-ups leave (the analytics sum them).
  await client.query(
    `INSERT INTO "FormDailyStats" ("formId", day, shard, views, submissions)
     SELECT $1, day, sh, v / 16 + (sh < v % 16)::int, s / 16 + (sh < s % 16)::int
       FROM (SELECT day,
                    (floor($2::bigint * cum / total) - floor($2::bigint * (cum - w) / total))::int AS v,
                    (floor($3::bigint * cum / total) - floor($3::bigint * (cum - w) / total))::int AS s
               FROM (SELECT day, w, sum(w) OVER (ORDER BY day) AS cum, sum(w) OVER () AS total
                       FROM (SELECT day::date AS day,
                                    (CASE WHEN extract(isodow FROM day) > 5 THEN 0.6 ELSE 1.0 END)
                                      * (1.0 + 0.3 * sin(extract(doy FROM day) / 58.0)) AS w
                               FROM generate_series((now() AT TIME ZONE 'UTC')::date - 364,
                                                    (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS day) d) x) y,
            generate_series(0, 15) AS sh`,
    [form.id, views, submissions],
  );
  await seedReaders(client, ws.id, submissions);
  await client.query(
    `INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, "userAgent", referrer, "utmSource",
                                   source, device, "audienceStatus", "contactEmail", "submittedAt")
     SELECT gen_random_uuid(), $1, $2, c.id,
            jsonb_strip_nulls(jsonb_build_object(
              'email', c.email,
              'firstName', CASE WHEN s.n % 10 < 7 THEN c."firstName" WHEN s.n % 10 = 7 THEN '' END,
              'weekly', s.n % 3 = 0,
              'consent', true,
              'campaign', CASE WHEN s.n % 4 = 0 THEN 'spring' END)),
            $3, NULL, NULL,
            (ARRAY['Direct','google','facebook','newsletter','twitter','linkedin','reddit','news.ycombinator.com',
                   'instagram','bing','duckduckgo','producthunt','medium.com'])[1 + floor(13 * power((s.n % 997) / 997.0, 2))::int],
            (ARRAY['Mobile','Mobile','Desktop','Desktop','Mobile','Tablet','Desktop','Mobile','Desktop','Mobile'])[1 + s.n % 10],
            'subscribed', c.email,
            s.day + (abs(hashint8(s.n)) % 86400000) * interval '1 millisecond'
       FROM (SELECT d.day::timestamp AT TIME ZONE 'UTC' AS day, row_number() OVER () AS n
               FROM "FormDailyStats" d, generate_series(1, d.submissions)
              WHERE d."formId" = $1) s
       JOIN (SELECT id, email, "firstName", row_number() OVER (ORDER BY id) AS n
               FROM "Contact" WHERE "workspaceId" = $2) c ON c.n = s.n`,
    [form.id, ws.id, userAgent],
  );
  if (neighbours > 0) await seedNeighbour(client, ws.id, neighbours);
  await client.query(`ANALYZE`);
  const {
    rows: [counts],
  } = await client.query(
    `SELECT (SELECT sum(views) FROM "FormDailyStats" WHERE "formId" = $1)::int AS views,
            (SELECT count(*) FROM "FormSubmission" WHERE "formId" = $1)::int AS submissions`,
    [form.id],
  );
  return { formId: form.id, ...counts, seconds: round((performance.now() - t0) / 1000) };
}

/** How PostgreSQL reads `days` days of the form's submissions (the service's predicate): which scan, how long. */
export async function submissionScanPlan(client, formId, days) {
  const { rows } = await client.query(
    `EXPLAIN (ANALYZE, FORMAT JSON)
     SELECT source, device, count(*) FROM "FormSubmission"
      WHERE "formId" = $1 AND "submittedAt" >= now() - $2 * interval '1 day' AND "submittedAt" < now() + interval '1 day'
      GROUP BY GROUPING SETS ((source), (device))`,
    [formId, days],
  );
  const plan = rows[0]["QUERY PLAN"][0];
  const scans = [];
  const walk = (node) => {
    if (/Scan/.test(node["Node Type"]))
      scans.push(`${node["Node Type"]}${node["Index Name"] ? ` on ${node["Index Name"]}` : ""}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { scans, executionMs: round(plan["Execution Time"]) };
}

/** Another form in the workspace with `count` submissions over the year, from contacts of its own. */
async function seedNeighbour(client, workspaceId, count) {
  const {
    rows: [form],
  } = await client.query(
    `INSERT INTO "Form" (id, "workspaceId", name, type, status, fields, "successMessage", "publishedAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, 'Next door', 'inline', 'published', '[{"type":"email","name":"email"}]',
             'Thanks!', now(), now()) RETURNING id`,
    [workspaceId],
  );
  await client.query(
    `WITH c AS (
       INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", status, source, "updatedAt")
       SELECT gen_random_uuid(), $2, 'neighbour' || g || '@bench.example', 'neighbour' || g || '@bench.example',
              'subscribed', 'form', now()
         FROM generate_series(1, $3::int) AS g
       RETURNING id, email)
     INSERT INTO "FormSubmission" (id, "formId", "workspaceId", "contactId", data, source, device, "audienceStatus",
                                   "contactEmail", "submittedAt")
     SELECT gen_random_uuid(), $1, $2, c.id, jsonb_build_object('email', c.email), 'Direct', 'Desktop', 'subscribed',
            c.email, now() - (abs(hashint8(hashtext(c.email))) % 31536000000) * interval '1 millisecond'
       FROM c`,
    [form.id, workspaceId, count],
  );
}
