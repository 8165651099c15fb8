import { describe, expect, it } from "vitest";
import { detailOf, enhancedCode, severity } from "./classify";

describe("severity", () => {
  it.each([
    ["5.1.1", "smtp; 550 5.1.1 user unknown", "hard"],
    ["5.0.0", "smtp; 550 no such user here", "hard"],
    [null, "550 Requested action not taken: mailbox unavailable", "hard"],
    ["5.2.2", "smtp; 552 5.2.2 mailbox full", "soft"],
    [null, "552 sorry, mailbox is over quota", "soft"],
    ["5.0.0", "552 Requested mail action aborted: exceeded storage allocation", "soft"],
    ["5.2.1", "550 5.2.1 The email account that you tried to reach is over quota", "soft"],
    ["5.3.4", "552 5.3.4 Message size exceeds fixed limit", "soft"],
    ["5.7.1", "554 5.7.1 Client host blocked using zen.spamhaus.org", "soft"],
    ["5.7.1", "550 5.7.1 Relaying denied", "hard"],
    ["4.2.2", "452 4.2.2 mailbox full", "soft"],
    ["4.4.7", "delivery temporarily suspended", "soft"],
    [null, "451 try again later", "soft"],
    [null, "This user doesn't have a yahoo.com account", "hard"],
    [null, "connection refused", "soft"],
  ] as const)("%s %s → %s", (status, diagnostic, expected) => {
    expect(severity(status, diagnostic).bounceType).toBe(expected);
  });

  it("never reads a code inside an IP address or a version", () => {
    expect(enhancedCode("connect to 10.4.1.5 port 25")).toBeNull();
    expect(enhancedCode("Postfix 2.11.3.1")).toBeNull();
    expect(enhancedCode("<mx #5.1.1>")).toBe("5.1.1");
    expect(severity(null, "host 10.4.1.5 timed out").bounceType).toBe("soft");
  });

  it("writes one detail line without the diagnostic's type or a repeated status", () => {
    expect(detailOf("5.1.1", "smtp; 550 5.1.1 user\n   unknown")).toBe("550 5.1.1 user unknown");
    expect(detailOf("4.4.1", "X-Postfix; connect timed out")).toBe("4.4.1 connect timed out");
    expect(detailOf(null, null)).toBeNull();
    expect(detailOf("5.1.1", "x".repeat(5_000))!.length).toBe(1_000);
  });
});
