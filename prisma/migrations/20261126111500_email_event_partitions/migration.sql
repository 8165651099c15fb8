-- EmailEvent becomes a table partitioned by month of "createdAt" (PostgreSQL declarative partitioning), so
-- retention drops a whole month instead of deleting rows one by one (server/tracking/email-event-partitions.ts
-- keeps the partitions: ahead of time, and for any month whose rows landed in the default partition).
-- Prisma's schema cannot say "partitioned"; what it can say, the primary key (seq, "createdAt") that a partitioned
-- table needs (a unique key must include the partition key), is in prisma/schema/tracking.prisma and in this
-- migration's schema.prisma snapshot, so the next migration diffs cleanly.
--
-- The rows are copied into the new table in this one transaction (every row kept, seq values unchanged), and the
-- seq sequence moves to the new table, so numbering continues where it was and the rollup's cursor stays valid.
-- Partitions: one per UTC month that holds rows, the current month and the three after it, and a DEFAULT
-- partition so that an insert never fails for a month nobody created.
ALTER TABLE "EmailEvent" RENAME TO "EmailEvent_unpartitioned";
ALTER TABLE "EmailEvent_unpartitioned" RENAME CONSTRAINT "EmailEvent_pkey" TO "EmailEvent_unpartitioned_pkey";
ALTER SEQUENCE "EmailEvent_seq_seq" OWNED BY NONE;

CREATE TABLE "EmailEvent" (
    "seq" BIGINT NOT NULL DEFAULT nextval('"EmailEvent_seq_seq"'::regclass),
    "workspaceId" UUID NOT NULL,
    "broadcastId" UUID NOT NULL,
    "recipientId" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "linkId" BIGINT,
    "class" TEXT,
    "device" TEXT,
    "bounceType" TEXT,
    "detail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailEvent_pkey" PRIMARY KEY ("seq", "createdAt")
) PARTITION BY RANGE ("createdAt");

ALTER SEQUENCE "EmailEvent_seq_seq" OWNED BY "EmailEvent"."seq";

-- Months in UTC: the bounds are computed on timestamps without time zone, so the session's TimeZone plays no part.
DO $$
DECLARE
  month timestamp;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', "createdAt" AT TIME ZONE 'UTC') FROM "EmailEvent_unpartitioned"
    UNION
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => n) FROM generate_series(0, 3) n
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "EmailEvent" FOR VALUES FROM (%L) TO (%L)',
                   'EmailEvent_' || to_char(month, 'YYYY_MM'),
                   month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
  END LOOP;
END $$;

CREATE TABLE "EmailEvent_default" PARTITION OF "EmailEvent" DEFAULT;

INSERT INTO "EmailEvent" ("seq", "workspaceId", "broadcastId", "recipientId", "type", "linkId", "class", "device",
                          "bounceType", "detail", "createdAt")
SELECT "seq", "workspaceId", "broadcastId", "recipientId", "type", "linkId", "class", "device", "bounceType",
       "detail", "createdAt"
  FROM "EmailEvent_unpartitioned";

DROP TABLE "EmailEvent_unpartitioned";
