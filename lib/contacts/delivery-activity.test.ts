import { describe, expect, it } from "vitest";
import { describeDeliveryActivity } from "./delivery-activity";

describe("describeDeliveryActivity", () => {
  it("says which rule acted and where the report came from", () => {
    expect(
      describeDeliveryActivity("email.bounced", {
        bounceType: "hard",
        source: "ses",
        rule: "hard_bounce",
        detail: "5.1.1 user unknown",
      }),
    ).toEqual({
      summary: "Hard bounce — suppressed by the hard-bounce rule",
      source: "Amazon SES",
      detail: "5.1.1 user unknown",
    });
    expect(
      describeDeliveryActivity("email.bounced", {
        bounceType: "soft",
        source: "mailbox",
        rule: "soft_bounces",
        softBounces: 3,
        windowDays: 15,
      }),
    ).toEqual({ summary: "3rd soft bounce in 15 days — suppressed", source: "bounce mailbox", detail: null });
    expect(describeDeliveryActivity("email.complained", { source: "postmark", rule: "complaint" })).toEqual({
      summary: "Marked as spam — unsubscribed and suppressed",
      source: "Postmark",
      detail: null,
    });
  });

  it("counts soft bounces that suppressed nothing, and reads rows without a rule or a source", () => {
    const soft = (softBounces: number, windowDays: number) =>
      describeDeliveryActivity("email.bounced", { bounceType: "soft", source: "mailgun", softBounces, windowDays })!
        .summary;
    expect([soft(1, 15), soft(2, 15), soft(11, 1), soft(22, 90)]).toEqual([
      "1st soft bounce in 15 days",
      "2nd soft bounce in 15 days",
      "11th soft bounce in 1 day",
      "22nd soft bounce in 90 days",
    ]);
    expect(describeDeliveryActivity("email.bounced", { bounceType: "hard" })).toEqual({
      summary: "Hard bounce",
      source: null,
      detail: null,
    });
    expect(describeDeliveryActivity("email.bounced", { bounceType: "soft" })!.summary).toBe("Soft bounce");
    expect(describeDeliveryActivity("email.complained", {})!.summary).toBe("Marked as spam");
    expect(describeDeliveryActivity("email.opened", {})).toBeNull();
  });
});
