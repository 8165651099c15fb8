// A web process's tracking writes, on their own, for tests that kill it: records one open per recipient of
// BROADCAST_ID, 50 at a time, and prints "answered <recipientId>" once each open's promise has resolved (the moment
// the open route would answer the pixel). Run with `node --conditions=react-server --import tsx` (server-only).
import { sql } from "@/server/db/pool";
import { recipientToken } from "@/server/broadcasts/recipient-tokens";
import { recordOpen } from "@/server/services/tracking/record-hit";

const ids = (
  await sql<{ id: string }>(`SELECT id::text FROM "BroadcastRecipient" WHERE "broadcastId" = $1 ORDER BY id`, [
    process.env.BROADCAST_ID,
  ])
).map((r) => r.id);
let next = 0;
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      await recordOpen(recipientToken(BigInt(id)), "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0");
      process.stdout.write(`answered ${id}\n`);
    }
  }),
);
process.stdout.write("done\n");
