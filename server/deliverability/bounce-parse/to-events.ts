// A parsed report as delivery events for applyDeliveryEvent: matched by our signed return path when the report
// carries one, else by the original message's Message-ID (the SMTP transport stores it as the provider message id);
// each event names the address the report names, so a report about someone else changes nothing. The key, the
// report's Message-ID and the address, makes a report read twice (a crash before it was moved) apply once.
import type { DeliveryEvent } from "../apply-delivery-event";
import type { ParsedReport } from "./types";

export function toDeliveryEvents(report: ParsedReport): DeliveryEvent[] {
  if (report.kind !== "bounce" && report.kind !== "complaint") return [];
  const match =
    report.returnPath !== null
      ? { recipientId: report.returnPath }
      : report.originalMessageId
        ? { providerMessageId: report.originalMessageId }
        : null;
  if (!match) return [];
  return report.events.map((e) => ({
    source: "mailbox",
    key: `${report.reportId}|${e.email ?? ""}`,
    kind: e.kind,
    bounceType: e.kind === "bounced" ? (e.bounceType ?? "soft") : null,
    detail: e.detail,
    match,
    email: e.email,
  }));
}
