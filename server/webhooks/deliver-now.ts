// One attempt made right away and recorded before returning (test events and redeliveries from the API and the
// dashboard, which answer with the delivery record).
import { attemptDelivery, type AttemptInput } from "./attempt-delivery";
import { recordAttempts } from "./record-attempts";

/** Returns the new delivery's id. */
export async function deliverNow(input: AttemptInput): Promise<string> {
  const record = await attemptDelivery(input);
  await recordAttempts([record]);
  return record.deliveryId;
}
