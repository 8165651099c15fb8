// Applied-event keys (DeliveryEventKey) are only needed while a provider may still deliver the same event again:
// every verified webhook refuses a request older than an hour (SNS; SendGrid and Mailgun 15 minutes, Svix 5), and
// the bounce mailbox deletes or moves what it read. A month keeps a wide margin; older keys go, in small batches.
// Run by the worker: no "server-only" here or in what it imports (tests/unit/worker-imports.test.ts).
import { sql } from "@/server/db/pool";

export const DELIVERY_KEY_DAYS = 30;

export async function pruneDeliveryEventKeys(days = DELIVERY_KEY_DAYS): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await sql(
      `DELETE FROM "DeliveryEventKey" WHERE key IN (
         SELECT key FROM "DeliveryEventKey" WHERE "createdAt" < now() - make_interval(days => $1) LIMIT 5000)
       RETURNING 1`,
      [days],
    );
    deleted += rows.length;
    if (rows.length < 5000) return deleted;
  }
}
