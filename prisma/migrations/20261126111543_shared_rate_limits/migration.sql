-- CreateTable
-- UNLOGGED by hand (Prisma's schema cannot say it): rate-limit counters are worth losing on a crash (PostgreSQL
-- empties an unlogged table in crash recovery, so every window starts over), and in exchange their writes skip the
-- WAL and a take's commit waits for no disk flush. A replica does not get the table; nothing reads it there.
CREATE UNLOGGED TABLE "RateLimitWindow" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "taken" INTEGER NOT NULL,
    "resetAt" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "RateLimitWindow_pkey" PRIMARY KEY ("key")
);
