// The worker process: runs every registered job on pg-boss. Scale out by running more of these.
// It also runs the webhook dispatcher (server/webhooks/dispatcher.ts), the sending engine (server/sending/sender.ts)
// the tracking rollup (server/tracking/rollup.ts), the form confirmation emails (server/forms/confirmation-sender.ts)
// and the automations: their engine (server/automations/runner.ts) and intake (server/automations/intake.ts), and the
// bounce mailbox reader (server/deliverability/bounce-mailbox.ts) when BOUNCE_IMAP_HOST is set.
// SIGTERM/SIGINT: stop fetching, let running jobs and deliveries finish (up to 10–15 s), close connections, exit 0.
import { startBoss, stopBoss } from "@/server/jobs/boss";
import { jobs } from "@/server/jobs/registry";
import { queueOptions } from "@/server/jobs/job-definition";
import { disconnectDb } from "@/server/db/client";
import { startDispatcher } from "@/server/webhooks/dispatcher";
import { startSender } from "@/server/sending/sender";
import { startTrackingRollup } from "@/server/tracking/rollup";
import { startConfirmationSender } from "@/server/forms/confirmation-sender";
import { startAutomationRunner } from "@/server/automations/runner";
import { startAutomationIntake } from "@/server/automations/intake";
import { startBounceMailbox } from "@/server/deliverability/bounce-mailbox";
import { envBounceDomain } from "@/server/deliverability/bounce-domain";

const log = (msg: string) => console.log(`[worker] ${msg}`);

type Running = { stop(): Promise<unknown> };

// The handlers are installed before anything starts, so a SIGTERM at any moment (even during start-up, or in the
// instant after "Ready" is printed) stops cleanly: a signal during start-up is answered once start-up is done;
// a second one during start-up exits at once.
let stopRequested = false;
let stopNow: (() => Promise<void>) | null = null;
const onSignal = () => {
  // A second signal while start-up still hangs (say, the database does not answer) ends the process at once.
  if (stopRequested && !stopNow) process.exit(1);
  stopRequested = true;
  void stopNow?.();
};
process.on("SIGTERM", onSignal);
process.on("SIGINT", onSignal);

async function main() {
  envBounceDomain(); // a wrong BOUNCE_DOMAIN stops the worker at start, like a wrong EMAIL_TRANSPORT
  const boss = await startBoss();
  for (const job of jobs) {
    await boss.createQueue(job.name, queueOptions(job));
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: "UTC" });
    await boss.work(job.name, { batchSize: job.batchSize ?? 1 }, async (batch) => {
      await job.handle(
        batch.map((j) => job.payload.parse(j.data)),
        batch,
      );
    });
  }
  const dispatcher = startDispatcher({
    log: (message, fields) => console.log(JSON.stringify({ source: "webhooks", message, ...fields })),
  });
  const sender = startSender({
    log: (message, fields) => console.log(JSON.stringify({ source: "sending", message, ...fields })),
  });
  const rollup = startTrackingRollup({
    log: (message, fields) => console.log(JSON.stringify({ source: "tracking", message, ...fields })),
  });
  const confirmations = startConfirmationSender({
    log: (message, fields) => console.log(JSON.stringify({ source: "forms", message, ...fields })),
  });
  const automations = startAutomationRunner({
    log: (message, fields) => console.log(JSON.stringify({ source: "automations", message, ...fields })),
  });
  const intake = startAutomationIntake({
    log: (message, fields) => console.log(JSON.stringify({ source: "automation-intake", message, ...fields })),
  });
  const bounces = startBounceMailbox({
    log: (message, fields) => console.log(JSON.stringify({ source: "bounce-mailbox", message, ...fields })),
  });
  log(
    `Ready: ${jobs.length} job type(s) registered, webhook dispatcher, sending engine, tracking rollup, form ` +
      `confirmations, automation engine and intake running.`,
  );

  const running: Running[] = [dispatcher, sender, rollup, confirmations, automations, intake, bounces];
  let stopping = false;
  stopNow = async () => {
    if (stopping) return;
    stopping = true;
    log("Stopping…");
    await Promise.all([stopBoss(), ...running.map((r) => r.stop())]);
    await disconnectDb();
    log("Stopped cleanly.");
    process.exit(0);
  };
  if (stopRequested) await stopNow();
}

main().catch((error) => {
  console.error(`[worker] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
