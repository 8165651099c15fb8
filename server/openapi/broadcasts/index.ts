// The broadcasts resource's operations, in the document's order.
import { archiveBroadcast } from "./archive-broadcast";
import { cancelBroadcast } from "./cancel-broadcast";
import { chooseBroadcastAbWinner } from "./choose-broadcast-ab-winner";
import { createBroadcast } from "./create-broadcast";
import { deleteBroadcast } from "./delete-broadcast";
import { duplicateBroadcast } from "./duplicate-broadcast";
import { getBroadcast } from "./get-broadcast";
import { getBroadcastAnalytics } from "./get-broadcast-analytics";
import { getBroadcastStats } from "./get-broadcast-stats";
import { listBroadcastRecipients } from "./list-broadcast-recipients";
import { listBroadcasts } from "./list-broadcasts";
import { pauseBroadcast } from "./pause-broadcast";
import { resendBroadcastToUnopened } from "./resend-broadcast-to-unopened";
import { resumeBroadcast } from "./resume-broadcast";
import { scheduleBroadcast } from "./schedule-broadcast";
import { sendBroadcast } from "./send-broadcast";
import { sendBroadcastTest } from "./send-broadcast-test";
import { unarchiveBroadcast } from "./unarchive-broadcast";
import { updateBroadcast } from "./update-broadcast";

export { broadcastsTag } from "./schemas";

export const broadcastsOperations = [
  listBroadcasts,
  createBroadcast,
  getBroadcast,
  updateBroadcast,
  deleteBroadcast,
  duplicateBroadcast,
  scheduleBroadcast,
  sendBroadcast,
  cancelBroadcast,
  sendBroadcastTest,
  chooseBroadcastAbWinner,
  resendBroadcastToUnopened,
  archiveBroadcast,
  unarchiveBroadcast,
  pauseBroadcast,
  resumeBroadcast,
  getBroadcastStats,
  getBroadcastAnalytics,
  listBroadcastRecipients,
];
