// What bench:ui opens: a 100-block draft (made through the public API, so the block schema checks it) and a broadcast
// sent three days ago to 100,000 contacts with an A/B subject test, seeded in SQL the way the engine and the tracking
// rollup leave it (recipient rows with their engagement, counters, hourly and device rollups, links per variant).

/** `count` top-level blocks cycling through every block type (columns holding two more), as a long newsletter. */
export function draftBlocks(count, imageUrl) {
  const kinds = [
    (i) => ({ type: "heading", text: `Section ${i + 1}: what is new this week`, level: i % 3 === 0 ? 1 : 2 }),
    (i) => ({
      type: "text",
      text:
        `Hi {{firstName|there}}, this is paragraph ${i + 1}. **Bold news**, *a little italic* and ` +
        `[a link to the shop](https://shop.example/p/${i}). Thanks for reading.\nA second line of it.`,
    }),
    (i) => ({ type: "image", src: `${imageUrl}?n=${i}`, alt: `Picture ${i + 1}`, href: `https://shop.example/i/${i}` }),
    (i) => ({ type: "button", text: `Shop item ${i + 1}`, href: `https://shop.example/buy/${i}` }),
    (i) => ({ type: "text", text: `Short note ${i + 1}: free shipping over 50 € this week only.`, align: "center" }),
    (i) => ({ type: "quote", text: `The best newsletter I read, number ${i + 1}.`, cite: "A happy reader" }),
    () => ({ type: "divider" }),
    (i) => ({
      type: "columns",
      columns: [
        { blocks: [{ type: "text", text: `Left column ${i + 1} with **bold** words.` }] },
        { blocks: [{ type: "button", text: "Read more", href: `https://shop.example/more/${i}` }] },
      ],
    }),
    () => ({
      type: "social",
      links: [
        { network: "instagram", url: "https://instagram.com/shop" },
        { network: "x", url: "https://x.com/shop" },
        { network: "website", url: "https://shop.example" },
      ],
    }),
    () => ({ type: "spacer", height: 24 }),
    (i) => ({ type: "html", html: `<p style="color:#555555">Raw HTML block ${i + 1} with <b>markup</b>.</p>` }),
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length](i));
}

/** Creates the draft with a write key; returns its id. */
export async function createDraft(base, writeKey, imageUrl, count) {
  const res = await fetch(`${base}/api/v1/broadcasts`, {
    method: "POST",
    headers: { "X-API-Key": writeKey, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: `Bench newsletter (${count} blocks)`,
      subject: "Everything new this week",
      previewText: "A long issue: every block type",
      fromName: "Bench Shop",
      fromEmail: "news@bench.example",
      blocks: draftBlocks(count, imageUrl),
    }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/v1/broadcasts answered ${res.status}: ${JSON.stringify(body)}`);
  return body.id;
}

const LINKS = [
  "https://shop.example/sale",
  "https://shop.example/new-arrivals",
  "https://shop.example/blog/autumn",
  "https://shop.example/gift-cards",
  "https://instagram.com/shop",
  "https://shop.example/help",
];

/**
 * Contacts reader1…N (subscribed over the last 180 days, so the home's audience growth has a shape) and one sent
 * broadcast to all of them. Per recipient i: every 50th bounced (hard and soft alternating), the rest delivered; 45 %
 * opened (38 % of variant b; every 7th through Apple MPP, every 5th with a scanner's machine open too), 12 % clicked
 * (one to three times, over 4 devices and the 6 links, the first links the most), every 2,000th complained, every 400th
 * unsubscribed. Opens and clicks decay over the 72 hours after the send. A/B: 10 % got variant a, 10 % b (b opens
 * less), the other 80 % the winner a.
 */
export async function seedSentBroadcast(client, workspaceId, recipients) {
  const t0 = performance.now();
  await client.query(
    `INSERT INTO "Contact" (id, "workspaceId", email, "emailKey", "firstName", status, source, "createdAt",
                            "updatedAt", "subscribedAt")
     SELECT gen_random_uuid(), $1, 'reader' || g || '@bench.example', 'reader' || g || '@bench.example',
            'Reader' || g, 'subscribed', 'import', t, t, t
       FROM generate_series(1, $2::int) AS g,
            LATERAL (SELECT now() - (abs(hashint4(g)) % (180 * 24 * 60)) * interval '1 minute' AS t) x`,
    [workspaceId, recipients],
  );
  const content = [
    { type: "heading", text: "Autumn sale: 30 % off everything", level: 1 },
    { type: "text", text: "Hi {{firstName|there}}, our **autumn sale** starts today." },
    ...LINKS.slice(0, 4).map((href, i) => ({ type: "button", text: `Link ${i + 1}`, href })),
    { type: "social", links: [{ network: "instagram", url: LINKS[4] }] },
    { type: "text", text: `Questions? [We help](${LINKS[5]}).` },
  ];
  const {
    rows: [b],
  } = await client.query(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "previewText", "fromName", "fromEmail",
                              blocks, variants, "abTestPercent", "abWinnerMetric", "abWinnerAfterMinutes",
                              "abWinner", "abWinnerAt", "sendStartedAt", "sentAt", "fanoutDoneAt",
                              "recipientCount", "sentCount", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $5, 'sent', 'Autumn sale: 30 % off', 'Three days only',
             'Bench Shop', 'news@bench.example', $2::jsonb, $3::jsonb, 20, 'opens', 120,
             'a', now() - interval '71 hours', now() - interval '73 hours', now() - interval '73 hours',
             now() - interval '73 hours', $4, $4, now() - interval '74 hours', now())
     RETURNING id, "sentAt"`,
    [
      workspaceId,
      JSON.stringify(content),
      JSON.stringify([
        { id: "a", subject: "Autumn sale: 30 % off everything" },
        { id: "b", subject: "Our biggest sale of the year starts now" },
      ]),
      recipients,
      `Autumn sale (${recipients.toLocaleString("en-US")} recipients)`,
    ],
  );
  // u1…u5: deterministic uniforms in (0, 1) per recipient. Open times are exponential (70 % with a mean of 4 hours,
  // 30 % of 20 hours, within 70 hours); a click follows its open within 1.5 hours. Sending took 20 minutes.
  await client.query(
    `INSERT INTO "BroadcastRecipient" ("broadcastId", "workspaceId", "contactId", email, "variantId", "batchNo", status,
                                      "sentAt", "deliveredAt", "openedAt", "openCount", "machineOpenCount",
                                      "mppOpenCount", "clickedAt", "clickCount", "bouncedAt", "bounceType",
                                      "complainedAt", "unsubscribedAt")
     SELECT $1, $2, c.id, c.email, CASE WHEN r.i % 10 = 1 THEN 'b' ELSE 'a' END, ((r.i - 1) / 100)::int, 'sent',
            s.sent,
            CASE WHEN NOT r.bounced THEN s.sent + interval '20 seconds' END,
            CASE WHEN r.opened THEN s.sent + r.open * interval '1 hour' END,
            CASE WHEN r.opened THEN 1 + (r.i / 7) % 3 ELSE 0 END,
            CASE WHEN r.opened AND r.i % 5 = 0 THEN 1 ELSE 0 END,
            CASE WHEN r.opened AND r.i % 7 = 0 THEN 1 ELSE 0 END,
            CASE WHEN r.clicked THEN s.sent + (r.open + least(1.5, 0.05 + 0.5 * -ln(r.u2))) * interval '1 hour' END,
            CASE WHEN r.clicked THEN 1 + (r.i / 11) % 3 ELSE 0 END,
            CASE WHEN r.bounced THEN s.sent + interval '30 seconds' END,
            CASE WHEN r.bounced THEN (CASE WHEN r.i % 100 = 0 THEN 'hard' ELSE 'soft' END) END,
            CASE WHEN r.i % 2000 = 1 THEN s.sent + interval '5 hours' END,
            CASE WHEN r.i % 400 = 3 AND NOT r.bounced THEN s.sent + interval '7 hours' END
       FROM (SELECT id, email, row_number() OVER (ORDER BY email) AS i FROM "Contact" WHERE "workspaceId" = $2) c
       CROSS JOIN LATERAL (
         SELECT (abs(hashint8(c.i)) % 1000000 + 1) / 1000001.0 AS u1,
                (abs(hashint8(c.i * 7919)) % 1000000 + 1) / 1000001.0 AS u2,
                (abs(hashint8(c.i * 104729)) % 1000000) / 1000000.0 AS u3,
                (abs(hashint8(c.i * 1299709)) % 1000000) / 1000000.0 AS u4,
                (abs(hashint8(c.i * 15485863)) % 1000000) / 1000000.0 AS u5
       ) u
       CROSS JOIN LATERAL (
         SELECT c.i AS i, u.u2, c.i % 50 = 0 AS bounced,
                c.i % 50 <> 0 AND u.u3 < (CASE WHEN c.i % 10 = 1 THEN 0.38 ELSE 0.46 END) AS opened,
                c.i % 50 <> 0 AND u.u3 < (CASE WHEN c.i % 10 = 1 THEN 0.38 ELSE 0.46 END) AND u.u4 < 0.27 AS clicked,
                -- Hours after the send: most opens come in the first hours, a long tail over the next days.
                mod(((CASE WHEN u.u5 < 0.7 THEN 4 ELSE 20 END) * -ln(u.u1))::numeric, 70) AS open
       ) r
       CROSS JOIN LATERAL (SELECT $3::timestamptz + (r.i * 1.2 / $4) * interval '20 minutes' AS sent) s`,
    [b.id, workspaceId, b.sentAt, recipients],
  );
  await rollups(client, b.id);
  await client.query(`ANALYZE`);
  return { broadcastId: b.id, seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

/** The tracking rollup's tables, computed from the recipient rows so every figure agrees with them. */
async function rollups(client, broadcastId) {
  await client.query(
    `INSERT INTO "BroadcastStats" ("broadcastId", delivered, "uniqueOpens", "totalOpens", "machineOpens",
                                  "mppAffected", clicked, "totalClicks", bounced, "hardBounces", "softBounces",
                                  complained, unsubscribed)
     SELECT $1, count("deliveredAt"), count("openedAt"), sum("openCount" + "machineOpenCount"),
            sum("machineOpenCount"), count(*) FILTER (WHERE "mppOpenCount" > 0), count("clickedAt"),
            sum("clickCount"), count("bouncedAt"), count(*) FILTER (WHERE "bounceType" = 'hard'),
            count(*) FILTER (WHERE "bounceType" = 'soft'), count("complainedAt"), count("unsubscribedAt")
       FROM "BroadcastRecipient" WHERE "broadcastId" = $1`,
    [broadcastId],
  );
  await client.query(
    `INSERT INTO "BroadcastHourlyStats" ("broadcastId", "hoursAfterSend", opens, clicks)
     SELECT $1, h, coalesce(o.n, 0), coalesce(k.n, 0)
       FROM generate_series(0, 72) AS h
       LEFT JOIN (SELECT floor(extract(epoch FROM r."openedAt" - b."sentAt") / 3600)::int AS h, sum("openCount") AS n
                    FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
                   WHERE r."broadcastId" = $1 AND r."openedAt" IS NOT NULL GROUP BY 1) o USING (h)
       LEFT JOIN (SELECT floor(extract(epoch FROM r."clickedAt" - b."sentAt") / 3600)::int AS h, sum("clickCount") AS n
                    FROM "BroadcastRecipient" r JOIN "Broadcast" b ON b.id = r."broadcastId"
                   WHERE r."broadcastId" = $1 AND r."clickedAt" IS NOT NULL GROUP BY 1) k USING (h)`,
    [broadcastId],
  );
  await client.query(
    `INSERT INTO "BroadcastDeviceStats" ("broadcastId", device, clicks)
     SELECT $1, (ARRAY['Desktop','Mobile','Mobile','Tablet','Other'])[1 + abs(hashint8(id)) % 5], sum("clickCount")
       FROM "BroadcastRecipient" WHERE "broadcastId" = $1 AND "clickedAt" IS NOT NULL GROUP BY 2`,
    [broadcastId],
  );
  // Each clicker clicked link k with a weight falling with k (the first buttons get most clicks), per variant.
  await client.query(
    `INSERT INTO "BroadcastLink" ("broadcastId", "variantId", position, url, "totalClicks", "uniqueClicks")
     SELECT $1, v.id, p.position, l.url,
            coalesce(sum(r."clickCount") FILTER (WHERE abs(hashint8(r.id * (p.position + 1))) % (p.position + 2) = 0), 0),
            count(r.id) FILTER (WHERE abs(hashint8(r.id * (p.position + 1))) % (p.position + 2) = 0)
       FROM (VALUES ('a'), ('b')) AS v(id)
       CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS l(url, ord)
       CROSS JOIN LATERAL (SELECT (l.ord - 1)::int AS position) p
       LEFT JOIN "BroadcastRecipient" r
              ON r."broadcastId" = $1 AND r."variantId" = v.id AND r."clickedAt" IS NOT NULL
      GROUP BY v.id, p.position, l.url`,
    [broadcastId, LINKS],
  );
}
