// The set-based statements of the tracking rollup (server/tracking/rollup.ts). Each takes the batch as a seq range
// ($1 exclusive, $2 inclusive) of EmailEvent, read through its primary key, and applies all of it at once.
import { PREFETCH_WINDOW_MS } from "@/server/services/tracking/classify";

/**
 * The batch's events with their recipient, and the final class of each open and click: the class the endpoint gave
 * from the user agent, made `machine` when the hit came within the prefetch window of the recipient's send (rule 4
 * of classify.ts), or before the sender had even recorded the send.
 */
const HITS = `
  hits AS (
    SELECT e.seq, e."workspaceId", e."broadcastId", e."recipientId", e.type, e."linkId", e.device, e."bounceType",
           e.rule, e.detail, e."createdAt", r."contactId", r.email, r."sentAt", r."clickedAt" AS "clickedBefore",
           r."openedAt" AS "openedBefore",
           CASE WHEN e.class IS NULL OR e.class = 'machine' THEN e.class
                WHEN r."sentAt" IS NULL AND r.status = 'queued' THEN 'machine'
                WHEN e."createdAt" < r."sentAt" + interval '${PREFETCH_WINDOW_MS} milliseconds' THEN 'machine'
                ELSE e.class END AS class
      FROM "EmailEvent" e
      JOIN "BroadcastRecipient" r ON r.id = e."recipientId"
     WHERE e.seq > $1::bigint AND e.seq <= $2::bigint)`;

/**
 * The hits plus one implied open per recipient whose first human click comes with no open before it (none recorded
 * before this batch, none earlier in it): a click means the message was opened, whether or not its images loaded,
 * which is how every major ESP counts it. The implied open is a human open at the click's time and seq, so it sets
 * the first open, counts in uniqueOpens, totalOpens and the hourly opens, and writes the email.opened timeline row
 * and Event (class human) like any other. Machine clicks imply nothing: a scanner follows every link of every
 * message, and its clicks count nowhere.
 */
const EVENTS = `
  ${HITS},
  ev AS (
    SELECT seq, "workspaceId", "broadcastId", "recipientId", type, "linkId", device, "bounceType", rule, detail,
           "createdAt", "contactId", email, "sentAt", "clickedBefore", class
      FROM hits
    UNION ALL
    -- One pass with a window, not NOT EXISTS: CTE scans are estimated at a few rows, and an anti-join of the batch
    -- with itself became a nested loop of 5,000 × 5,000 (10 s a batch).
    (SELECT DISTINCT ON (c."recipientId") c.seq, c."workspaceId", c."broadcastId", c."recipientId", 'open', NULL,
            c.device, NULL, NULL, NULL, c."createdAt", c."contactId", c.email, c."sentAt", c."clickedBefore", 'human'
       FROM (SELECT h.*, min(h.seq) FILTER (WHERE h.type = 'open' AND h.class <> 'machine')
                           OVER (PARTITION BY h."recipientId") AS first_open
               FROM hits h WHERE h."openedBefore" IS NULL) c
      WHERE c.type = 'click' AND c.class <> 'machine' AND (c.first_open IS NULL OR c.first_open > c.seq)
      ORDER BY c."recipientId", c.seq))`;

/**
 * Recipients' first-open/click/delivery/bounce/complaint fields and counters, the broadcasts' counters from the
 * transitions (a recipient's first open counts once in uniqueOpens however many batches its opens span), and the
 * timeline and Event log rows of those transitions. Only the rollup writes these fields, under the cursor's lock, so
 * the values read before the update are the ones it replaces. A recipient whose contact was erased (contactId null, address
 * scrubbed) still counts in the numbers but writes no timeline or Event row: there is nobody left to name.
 */
export const APPLY_RECIPIENTS = `
  WITH ${EVENTS},
  agg AS (
    SELECT "recipientId" AS id,
           min("createdAt") FILTER (WHERE type = 'open' AND class <> 'machine') AS opened,
           (array_agg(class ORDER BY seq) FILTER (WHERE type = 'open' AND class <> 'machine'))[1] AS open_class,
           count(*) FILTER (WHERE type = 'open' AND class <> 'machine') AS opens,
           count(*) FILTER (WHERE type = 'open' AND class = 'machine') AS machine_opens,
           count(*) FILTER (WHERE type = 'open' AND class = 'mpp') AS mpp_opens,
           min("createdAt") FILTER (WHERE type = 'click' AND class <> 'machine') AS clicked,
           count(*) FILTER (WHERE type = 'click' AND class <> 'machine') AS clicks,
           min("createdAt") FILTER (WHERE type = 'delivered') AS delivered,
           min("createdAt") FILTER (WHERE type = 'bounced') AS bounced,
           max("createdAt") FILTER (WHERE type = 'bounced') AS last_bounce,
           coalesce(bool_or(type = 'bounced' AND "bounceType" = 'hard'), false) AS hard,
           min("createdAt") FILTER (WHERE type = 'complained') AS complained,
           -- The deliverability rule that acted (apply-delivery-event.ts), and the newest bounce's diagnostic.
           (array_agg(rule ORDER BY seq) FILTER (WHERE rule IS NOT NULL))[1] AS rule,
           (array_agg(detail ORDER BY seq DESC) FILTER (WHERE type = 'bounced' AND detail IS NOT NULL))[1] AS detail
      FROM ev GROUP BY "recipientId"
  ),
  -- Old values come through the FROM list (the snapshot before this statement) and leave through RETURNING, so
  -- the transitions need no join back: a join of CTEs is estimated at 200 rows and became a 25M-row nested loop.
  t AS (
    UPDATE "BroadcastRecipient" r
       SET "openedAt" = coalesce(r."openedAt", x.opened),
           "openCount" = r."openCount" + x.opens,
           "machineOpenCount" = r."machineOpenCount" + x.machine_opens,
           "mppOpenCount" = r."mppOpenCount" + x.mpp_opens,
           "clickedAt" = coalesce(r."clickedAt", x.clicked),
           "clickCount" = r."clickCount" + x.clicks,
           "deliveredAt" = coalesce(r."deliveredAt", x.delivered),
           "bouncedAt" = coalesce(r."bouncedAt", x.bounced),
           "bounceType" = CASE WHEN x.hard THEN 'hard'
                               WHEN x.bounced IS NOT NULL THEN coalesce(r."bounceType", 'soft')
                               ELSE r."bounceType" END,
           "complainedAt" = coalesce(r."complainedAt", x.complained),
           "suppressedBy" = coalesce(r."suppressedBy", x.rule)
      FROM (SELECT a.*, o."openedAt" AS old_opened, o."mppOpenCount" AS old_mpp, o."clickedAt" AS old_clicked,
                   o."deliveredAt" AS old_delivered, o."bouncedAt" AS old_bounced, o."bounceType" AS old_bounce_type,
                   o."complainedAt" AS old_complained
              FROM agg a JOIN "BroadcastRecipient" o ON o.id = a.id) x
     WHERE r.id = x.id
    RETURNING r.id, r."workspaceId", r."broadcastId", r."contactId", r.email, x.opened, x.open_class, x.delivered,
              x.complained, coalesce(x.last_bounce, x.bounced) AS bounced_at,
              (x.old_opened IS NULL AND x.opened IS NOT NULL) AS new_open,
              (x.old_mpp = 0 AND x.mpp_opens > 0) AS new_mpp,
              (x.old_clicked IS NULL AND x.clicked IS NOT NULL) AS new_click,
              (x.old_delivered IS NULL AND x.delivered IS NOT NULL) AS new_delivered,
              (x.old_bounced IS NULL AND x.bounced IS NOT NULL) AS new_bounce,
              (x.old_complained IS NULL AND x.complained IS NOT NULL) AS new_complaint,
              x.old_bounce_type, r."bounceType" AS bounce_type, x.rule, x.detail
  ),
  per_event AS (
    SELECT "broadcastId",
           count(*) FILTER (WHERE type = 'open') AS total_opens,
           count(*) FILTER (WHERE type = 'open' AND class = 'machine') AS machine_opens,
           count(*) FILTER (WHERE type = 'click' AND class <> 'machine') AS total_clicks,
           count(*) FILTER (WHERE type = 'unsubscribed') AS unsubscribed
      FROM ev GROUP BY "broadcastId"
  ),
  per_recipient AS (
    SELECT "broadcastId",
           count(*) FILTER (WHERE new_delivered) AS delivered,
           count(*) FILTER (WHERE new_open) AS unique_opens,
           count(*) FILTER (WHERE new_mpp) AS mpp_affected,
           count(*) FILTER (WHERE new_click) AS clicked,
           count(*) FILTER (WHERE new_bounce) AS bounced,
           -- bounced = hard + soft: a soft bounce later followed by a hard one moves from soft to hard.
           count(*) FILTER (WHERE bounce_type = 'hard' AND old_bounce_type IS DISTINCT FROM 'hard') AS hard,
           count(*) FILTER (WHERE bounce_type = 'soft' AND old_bounce_type IS NULL)
             - count(*) FILTER (WHERE bounce_type = 'hard' AND old_bounce_type = 'soft') AS soft,
           count(*) FILTER (WHERE new_complaint) AS complained
      FROM t GROUP BY "broadcastId"
  ),
  stats AS (
    INSERT INTO "BroadcastStats" AS s ("broadcastId", delivered, "uniqueOpens", "totalOpens", "machineOpens",
                "mppAffected", clicked, "totalClicks", bounced, "hardBounces", "softBounces", complained, unsubscribed)
    SELECT e."broadcastId", coalesce(r.delivered, 0), coalesce(r.unique_opens, 0), e.total_opens, e.machine_opens,
           coalesce(r.mpp_affected, 0), coalesce(r.clicked, 0), e.total_clicks, coalesce(r.bounced, 0),
           coalesce(r.hard, 0), coalesce(r.soft, 0), coalesce(r.complained, 0), e.unsubscribed
      FROM per_event e LEFT JOIN per_recipient r USING ("broadcastId")
    ON CONFLICT ("broadcastId") DO UPDATE SET
           delivered = s.delivered + excluded.delivered,
           "uniqueOpens" = s."uniqueOpens" + excluded."uniqueOpens",
           "totalOpens" = s."totalOpens" + excluded."totalOpens",
           "machineOpens" = s."machineOpens" + excluded."machineOpens",
           "mppAffected" = s."mppAffected" + excluded."mppAffected",
           clicked = s.clicked + excluded.clicked,
           "totalClicks" = s."totalClicks" + excluded."totalClicks",
           bounced = s.bounced + excluded.bounced,
           "hardBounces" = s."hardBounces" + excluded."hardBounces",
           "softBounces" = s."softBounces" + excluded."softBounces",
           complained = s.complained + excluded.complained,
           unsubscribed = s.unsubscribed + excluded.unsubscribed
  ),
  happened AS (
    SELECT t.*, x.type, x.data, x.at
      FROM t CROSS JOIN LATERAL (VALUES
        ('email.delivered', t.new_delivered, '{}'::jsonb, t.delivered),
        ('email.opened', t.new_open, jsonb_build_object('class', t.open_class), t.opened),
        ('email.bounced', t.new_bounce OR (t.bounce_type = 'hard' AND t.old_bounce_type = 'soft'),
           jsonb_strip_nulls(jsonb_build_object('bounceType', t.bounce_type, 'rule', t.rule, 'detail', t.detail)),
           t.bounced_at),
        ('email.complained', t.new_complaint, jsonb_strip_nulls(jsonb_build_object('rule', t.rule)), t.complained)
      ) AS x(type, yes, data, at)
     WHERE x.yes
  ),
  -- Bounces and complaints are on the timeline already: applyDeliveryEvent wrote each report with its source, the
  -- rule that acted and the soft-bounce count. The Event log still gets them here, once per recipient.
  activities AS (
    INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data, "createdAt")
    SELECT gen_random_uuid(), "workspaceId", "contactId", type, "broadcastId", data, at
      FROM happened WHERE "contactId" IS NOT NULL AND type NOT IN ('email.bounced', 'email.complained')
     ORDER BY at, id
  ),
  events AS (
    INSERT INTO "Event" (id, "workspaceId", type, payload)
    SELECT gen_random_uuid(), "workspaceId", type,
           jsonb_build_object('broadcastId', "broadcastId", 'contactId', "contactId", 'email', email) || data
      FROM happened WHERE "contactId" IS NOT NULL
     ORDER BY at, id
  )
  SELECT count(*)::int AS recipients FROM t`;

/**
 * Human clicks: link totals and unique clicks, clicks by device, one timeline row and one Event per click. A click
 * is unique for its (recipient, link) when it is the first in the batch and the contact's timeline has no earlier
 * click on that link (an indexed read per clicking contact). A recipient whose contact was erased has no timeline:
 * its click is unique only if it is the recipient's first click of the broadcast. Runs before APPLY_RECIPIENTS, so
 * "clickedBefore" is the recipient as it was before this batch.
 */
export const APPLY_CLICKS = `
  WITH ${HITS},
  ev AS (SELECT * FROM hits),
  clicks AS (
    SELECT ev.*, l.url FROM ev JOIN "BroadcastLink" l ON l.id = ev."linkId"
     WHERE ev.type = 'click' AND ev.class <> 'machine'
  ),
  firsts AS (
    SELECT DISTINCT ON ("recipientId", "linkId") seq FROM clicks ORDER BY "recipientId", "linkId", seq
  ),
  flagged AS (
    SELECT c.*,
           c.seq IN (SELECT seq FROM firsts) AND CASE
             WHEN c."contactId" IS NULL THEN c."clickedBefore" IS NULL
             ELSE NOT EXISTS (
               SELECT 1 FROM "ContactActivity" a
                WHERE a."contactId" = c."contactId" AND a.type = 'email.clicked'
                  AND a."broadcastId" = c."broadcastId" AND a.data->>'linkId' = c."linkId"::text)
           END AS is_unique
      FROM clicks c
  ),
  links AS (
    UPDATE "BroadcastLink" l
       SET "totalClicks" = l."totalClicks" + x.total, "uniqueClicks" = l."uniqueClicks" + x.uniq
      FROM (SELECT "linkId", count(*) AS total, count(*) FILTER (WHERE is_unique) AS uniq
              FROM flagged GROUP BY "linkId") x
     WHERE l.id = x."linkId"
  ),
  devices AS (
    INSERT INTO "BroadcastDeviceStats" AS d ("broadcastId", device, clicks)
    SELECT "broadcastId", coalesce(device, 'Other'), count(*) FROM clicks GROUP BY 1, 2
    ON CONFLICT ("broadcastId", device) DO UPDATE SET clicks = d.clicks + excluded.clicks
  ),
  activities AS (
    INSERT INTO "ContactActivity" (id, "workspaceId", "contactId", type, "broadcastId", data, "createdAt")
    SELECT gen_random_uuid(), "workspaceId", "contactId", 'email.clicked', "broadcastId",
           jsonb_build_object('url', url, 'linkId', "linkId"::text), "createdAt"
      FROM clicks WHERE "contactId" IS NOT NULL
     ORDER BY seq
  ),
  events AS (
    INSERT INTO "Event" (id, "workspaceId", type, payload)
    SELECT gen_random_uuid(), "workspaceId", 'email.clicked',
           jsonb_build_object('broadcastId', "broadcastId", 'contactId', "contactId", 'email', email, 'url', url)
      FROM clicks WHERE "contactId" IS NOT NULL
     ORDER BY seq
  )
  SELECT count(*)::int AS clicks FROM clicks`;

/**
 * Human opens (implied ones included) and clicks by whole hours between the recipient's send and the hit
 * (engagementOverTime). Runs before APPLY_RECIPIENTS, whose update would hide the implied opens ("openedBefore").
 */
export const APPLY_HOURLY = `
  WITH ${EVENTS}
  INSERT INTO "BroadcastHourlyStats" AS h ("broadcastId", "hoursAfterSend", opens, clicks)
  SELECT "broadcastId",
         greatest(0, floor(extract(epoch FROM ("createdAt" - coalesce("sentAt", "createdAt"))) / 3600))::int,
         count(*) FILTER (WHERE type = 'open'), count(*) FILTER (WHERE type = 'click')
    FROM ev
   WHERE type IN ('open', 'click') AND class <> 'machine'
   GROUP BY 1, 2
  ON CONFLICT ("broadcastId", "hoursAfterSend") DO UPDATE
     SET opens = h.opens + excluded.opens, clicks = h.clicks + excluded.clicks`;
