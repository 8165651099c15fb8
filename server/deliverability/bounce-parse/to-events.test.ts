import { describe, expect, it } from "vitest";
import { toDeliveryEvents } from "./to-events";
import type { ParsedReport } from "./types";

const report = (over: Partial<ParsedReport>): ParsedReport => ({
  kind: "bounce",
  form: "dsn",
  reportId: "r1@mx.example.org",
  returnPath: 42n,
  originalMessageId: "orig@sendwell.example",
  events: [{ email: "ann@example.org", kind: "bounced", bounceType: "hard", detail: "550 5.1.1 user unknown" }],
  ...over,
});

describe("toDeliveryEvents", () => {
  it("matches by the return path first, keyed by the report and the address", () => {
    expect(toDeliveryEvents(report({}))).toEqual([
      {
        source: "mailbox",
        key: "r1@mx.example.org|ann@example.org",
        kind: "bounced",
        bounceType: "hard",
        detail: "550 5.1.1 user unknown",
        match: { recipientId: 42n },
        email: "ann@example.org",
      },
    ]);
  });

  it("falls back to the original's Message-ID, and gives nothing without either", () => {
    expect(toDeliveryEvents(report({ returnPath: null }))[0]?.match).toEqual({
      providerMessageId: "orig@sendwell.example",
    });
    expect(toDeliveryEvents(report({ returnPath: null, originalMessageId: null }))).toEqual([]);
  });

  it("gives nothing for ignored or unrecognised mail", () => {
    expect(toDeliveryEvents(report({ kind: "ignored" }))).toEqual([]);
    expect(toDeliveryEvents(report({ kind: "unrecognised" }))).toEqual([]);
  });

  it("keeps complaints and delays without a bounce type", () => {
    const events = toDeliveryEvents(
      report({
        kind: "complaint",
        events: [{ email: null, kind: "complained", bounceType: null, detail: "feedback-type abuse" }],
      }),
    );
    expect(events[0]).toMatchObject({ kind: "complained", bounceType: null, email: null, key: "r1@mx.example.org|" });
  });
});
