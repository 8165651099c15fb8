// Every sample in tests/fixtures/bounces/ with what it must read as. The samples' return paths were signed with the
// integration tests' server secret (recipient ids 1001…1025 on bounce.sendwell-news.example), so the same files
// drive the mailbox integration test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ParsedReport, ReportedEvent } from "./types";

const DIR = path.resolve(import.meta.dirname, "../../../tests/fixtures/bounces");
const FIXTURE_SECRET = "integration-test-secret-integration-test-secret";
let parseReport: (raw: Buffer) => Promise<ParsedReport>;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET = FIXTURE_SECRET;
  ({ parseReport } = await import("./parse-report"));
});

type Expected = Pick<ParsedReport, "kind" | "form"> & {
  returnPath: number | null;
  original: string | null;
  events: (Omit<ReportedEvent, "detail"> & { detail?: RegExp | null })[];
};

const hard = (email: string | null, detail?: RegExp) =>
  ({ email, kind: "bounced", bounceType: "hard", detail }) as const;
const soft = (email: string | null, detail?: RegExp) =>
  ({ email, kind: "bounced", bounceType: "soft", detail }) as const;
const delayed = (email: string | null, detail?: RegExp | null) =>
  ({ email, kind: "delayed", bounceType: null, detail }) as const;
const complaint = (email: string | null) =>
  ({ email, kind: "complained", bounceType: null, detail: /feedback-type abuse/ }) as const;
const id = (hex: string) => `${hex}@sendwell-news.example`;

const TABLE: Record<string, Expected> = {
  "postfix-user-unknown.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1001,
    original: id("3f2a9c0d6e1b4a7c8d9e0f1a2b3c4d5e"),
    events: [hard("ann.lee@example.org", /^550 5\.1\.1 <ann\.lee@example\.org>: Recipient address rejected/)],
  },
  "postfix-delayed.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1002,
    original: id("8b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"),
    events: [delayed("bo@example.net", /^4\.4\.1 connect to mx\.example\.net/)],
  },
  "postfix-mailbox-full.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1003,
    original: id("c0ffee00112233445566778899aabbcc"),
    events: [soft("clara@example.de", /552 5\.2\.2 .*Mailbox is full/)],
  },
  "gmail-dsn.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1004,
    original: id("5d4e3c2b1a09f8e7d6c5b4a392817060"),
    events: [hard("dana.nowhere@gmail.com", /^550-5\.1\.1 The email account that you tried to reach does not exist/)],
  },
  "gmail-text.eml": {
    kind: "bounce",
    form: "gmail",
    returnPath: 1005,
    original: id("e5e5e5e5a1a1a1a1b2b2b2b2c3c3c3c3"),
    events: [hard("eve.gone@gmail.com", /550-5\.1\.1/)],
  },
  "office365-ndr.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1006,
    original: id("a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5"),
    events: [hard("frank.m@outlook.com", /550 5\.1\.10 RESOLVER\.ADR\.RecipientNotFound/)],
  },
  "exchange-2003-text.eml": {
    kind: "bounce",
    form: "exchange",
    returnPath: null, // sent before VERP: matched by the original's Message-ID
    original: id("77aa88bb99cc00dd11ee22ff33aa44bb"),
    events: [hard("greg.old@corp-example.com", /#5\.1\.1/)],
  },
  "hotmail-text.eml": {
    kind: "bounce",
    form: "exchange",
    returnPath: 1008,
    original: id("0f0f0f0f1e1e1e1e2d2d2d2d3c3c3c3c"),
    events: [hard("hana.k@hotmail.com", /550 5\.5\.0 Requested action not taken/)],
  },
  "yahoo-text.eml": {
    kind: "bounce",
    form: "yahoo",
    returnPath: 1009,
    original: id("1a2b3c4d5e6f708192a3b4c5d6e7f809"),
    events: [hard("ivan_w@yahoo.com", /^554: delivery error: dd This user doesn't have a yahoo\.com account/)],
  },
  "exim-failed.eml": {
    kind: "bounce",
    form: "exim",
    returnPath: 1010,
    original: id("9988776655443322110099887766aabb"),
    events: [hard("jo.bloggs@example.co.uk", /^550 5\.1\.1 <jo\.bloggs@example\.co\.uk>/)],
  },
  "exim-delayed.eml": {
    kind: "bounce",
    form: "exim",
    returnPath: 1011,
    original: null,
    events: [delayed("kim@example.co.uk", /451 4\.7\.1 Greylisted/)],
  },
  "qmail-over-quota.eml": {
    kind: "bounce",
    form: "qmail",
    returnPath: 1012,
    original: id("abcdefabcdefabcdefabcdefabcdef01"),
    events: [soft("lucas@example.com.br", /552 sorry, mailbox .* is over quota \(#5\.2\.2\)/)],
  },
  "sendmail-dsn.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1013,
    original: id("5e5e5e5e6f6f6f6f7a7a7a7a8b8b8b8b"),
    events: [hard("mia.r@example.edu", /550 5\.1\.1 <mia\.r@example\.edu>\.\.\. User unknown/)],
  },
  "sendmail-warning.eml": {
    kind: "bounce",
    form: "sendmail",
    returnPath: 1014,
    original: null,
    events: [delayed("noah@example.edu", null)],
  },
  "dsn-expired-4xx.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1015,
    original: null,
    events: [soft("olga@example.net", /^4\.4\.7 delivery temporarily suspended/)],
  },
  "spam-blocked.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: 1016,
    original: null,
    events: [soft("paul@example.org", /blocked using zen\.spamhaus\.org/)],
  },
  "arf-yahoo.eml": {
    kind: "complaint",
    form: "arf",
    returnPath: 1017,
    original: id("b0b0b0b0c1c1c1c1d2d2d2d2e3e3e3e3"),
    events: [complaint(null)], // "redacted@yahoo.com" in To is never taken for the address
  },
  "arf-aol.eml": {
    kind: "complaint",
    form: "arf",
    returnPath: 1018,
    original: id("f1f1f1f1a2a2a2a2b3b3b3b3c4c4c4c4"),
    events: [complaint("quinn.t@aol.com")],
  },
  "arf-outlook-jmrp.eml": {
    kind: "complaint",
    form: "arf",
    returnPath: null,
    original: id("44445555666677778888999900001111"),
    events: [complaint("rosa.v@outlook.com")],
  },
  "arf-auth-failure.eml": {
    kind: "ignored",
    form: "arf:auth-failure",
    returnPath: 1020,
    original: "spoof-1@spoofer.example",
    events: [],
  },
  "auto-reply-outlook.eml": { kind: "ignored", form: "auto-reply", returnPath: 1021, original: null, events: [] },
  "vacation.eml": { kind: "ignored", form: "auto-reply", returnPath: 1022, original: null, events: [] },
  "challenge-response.eml": {
    kind: "ignored",
    form: "challenge-response",
    returnPath: 1023,
    original: null,
    events: [],
  },
  "human-reply.eml": { kind: "unrecognised", form: "unknown", returnPath: 1024, original: null, events: [] },
  "dsn-delivered.eml": { kind: "ignored", form: "dsn:success", returnPath: 1025, original: null, events: [] },
  "forged-verp.eml": {
    kind: "bounce",
    form: "dsn",
    returnPath: null, // bounce-si-000…: the signature does not check out
    original: null,
    events: [hard("yusuf@example.org", /550 5\.1\.1 User unknown/)],
  },
};

describe("bounce samples", () => {
  it("has an expected result for every sample, and at least 15 samples", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".eml"));
    expect(files.sort()).toEqual(Object.keys(TABLE).sort());
    expect(files.length).toBeGreaterThanOrEqual(15);
  });

  it.each(Object.entries(TABLE))("%s", async (file, expected) => {
    const report = await parseReport(readFileSync(path.join(DIR, file)));
    expect(report.kind).toBe(expected.kind);
    expect(report.form).toBe(expected.form);
    expect(report.returnPath).toBe(expected.returnPath === null ? null : BigInt(expected.returnPath));
    expect(report.originalMessageId).toBe(expected.original);
    expect(report.reportId).not.toBe("");
    expect(report.events).toHaveLength(expected.events.length);
    expected.events.forEach((e, i) => {
      const got = report.events[i]!;
      expect({ email: got.email, kind: got.kind, bounceType: got.bounceType }).toEqual({
        email: e.email,
        kind: e.kind,
        bounceType: e.bounceType,
      });
      if (e.detail === null) expect(got.detail).toBeNull();
      else if (e.detail) expect(got.detail).toMatch(e.detail);
    });
  });
});
