// Hostile and broken input: every one is parsed or "unrecognised", never thrown, within bounded time.
import { describe, expect, it } from "vitest";
import { parseReport } from "./parse-report";

process.env.NEXTAUTH_SECRET ??= "hostile-test-secret";

const DSN_PARTS = `--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\nFinal-Recipient: rfc822; ann@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n`;
const head = (type: string) =>
  `From: MAILER-DAEMON@mx.example.org\r\nSubject: Undelivered Mail\r\nContent-Type: ${type}\r\n\r\n`;

function junk(bytes: number): Buffer {
  const b = Buffer.alloc(bytes);
  let x = 2463534242;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
}

const CASES: [string, () => Buffer][] = [
  ["empty", () => Buffer.alloc(0)],
  ["binary junk (10 MB)", () => junk(10 * 1024 * 1024)],
  [
    "a 10 MB message whose report comes first",
    () =>
      Buffer.from(
        head('multipart/report; report-type=delivery-status; boundary="b"') +
          DSN_PARTS +
          `--b\r\nContent-Type: message/rfc822\r\n\r\nSubject: big\r\n\r\n${"A".repeat(76).concat("\r\n").repeat(140_000)}--b--\r\n`,
      ),
  ],
  [
    "deep multipart nesting",
    () => {
      let body = "";
      for (let i = 0; i < 5_000; i++) body += `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n`;
      return Buffer.from(`From: x@example.org\r\n${body}Content-Type: text/plain\r\n\r\nhi\r\n`);
    },
  ],
  [
    "deep message/rfc822 nesting",
    () => Buffer.from(`From: x@example.org\r\n${"Content-Type: message/rfc822\r\n\r\n".repeat(5_000)}hi`),
  ],
  ["a header bomb", () => Buffer.from(`From: x@example.org\r\n${"X-H: v\r\n".repeat(300_000)}\r\nbody`)],
  ["one huge folded header", () => Buffer.from(`From: x@example.org\r\nTo: ${"a@b.c,\r\n ".repeat(300_000)}\r\n\r\nb`)],
  [
    "a broken boundary",
    () => Buffer.from(head('multipart/report; report-type=delivery-status; boundary="b') + DSN_PARTS.slice(0, 90)),
  ],
  [
    "50,000 parts",
    () =>
      Buffer.from(
        head('multipart/mixed; boundary="m"') + "--m\r\nContent-Type: text/plain\r\n\r\nx\r\n".repeat(50_000),
      ),
  ],
  [
    "a delivery status with 100,000 recipient groups",
    () =>
      Buffer.from(
        head('multipart/report; report-type=delivery-status; boundary="b"') +
          "--b\r\nContent-Type: message/delivery-status\r\n\r\n" +
          "Final-Recipient: rfc822; a@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n".repeat(100_000) +
          "--b--\r\n",
      ),
  ],
  [
    "text that looks like a thousand addresses",
    () =>
      Buffer.from(head("text/plain") + "Hi. This is the qmail-send program\n" + "<x@y.zz>:\n550 no\n\n".repeat(50_000)),
  ],
];

describe("hostile bounce messages", () => {
  it.each(CASES)("%s: parsed or unrecognised, never thrown", { timeout: 20_000 }, async (_name, make) => {
    const report = await parseReport(make());
    expect(["bounce", "complaint", "ignored", "unrecognised"]).toContain(report.kind);
    expect(report.reportId).toMatch(/\S/);
    expect(report.events.length).toBeLessThanOrEqual(50);
  });

  it("still reads the report at the start of a 10 MB message", async () => {
    const report = await parseReport(CASES[2]![1]());
    expect(report.kind).toBe("bounce");
    expect(report.events[0]).toMatchObject({ email: "ann@example.org", bounceType: "hard" });
  });
});
