import { describe, expect, it } from "vitest";
import { canonicalString, isSnsUrl } from "./sns";

describe("isSnsUrl", () => {
  it("takes only https .pem files on SNS's regional hosts for certificates", () => {
    for (const ok of [
      "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem",
    ])
      expect(isSnsUrl(ok, { pem: true })).toBe(true);
    for (const bad of [
      "http://sns.us-east-1.amazonaws.com/x.pem",
      "https://sns.us-east-1.amazonaws.com.evil.example/x.pem",
      "https://evil.example/sns.us-east-1.amazonaws.com/x.pem",
      "https://sns.us-east-1.amazonaws.com/x.pem?redirect=https://evil.example",
      "https://sns.us-east-1.amazonaws.com:8443/x.pem",
      "https://user:pw@sns.us-east-1.amazonaws.com/x.pem",
      "https://sns.us-east-1.amazonaws.com/x.txt",
      "https://s3.amazonaws.com/x.pem",
      "https://sns.amazonaws.com/x.pem",
      "not a url",
    ])
      expect(isSnsUrl(bad, { pem: true }), bad).toBe(false);
  });

  it("lets a subscribe link carry its query", () => {
    expect(isSnsUrl("https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=x", { pem: false })).toBe(
      true,
    );
    expect(isSnsUrl("https://sns.eu-west-1.amazonaws.com.evil.example/?Action=x", { pem: false })).toBe(false);
  });
});

describe("canonicalString", () => {
  it("signs a notification's keys in order, Subject only when present", () => {
    const m = { Type: "Notification", MessageId: "1", TopicArn: "t", Message: "m", Timestamp: "ts", Token: "no" };
    expect(canonicalString(m)).toBe("Message\nm\nMessageId\n1\nTimestamp\nts\nTopicArn\nt\nType\nNotification\n");
    expect(canonicalString({ ...m, Subject: "s" })).toContain("MessageId\n1\nSubject\ns\nTimestamp");
  });

  it("signs a confirmation's SubscribeURL and Token", () => {
    const m = { Type: "SubscriptionConfirmation", MessageId: "1", TopicArn: "t", Message: "m", Timestamp: "ts" };
    expect(canonicalString({ ...m, SubscribeURL: "u", Token: "k" })).toBe(
      "Message\nm\nMessageId\n1\nSubscribeURL\nu\nTimestamp\nts\nToken\nk\nTopicArn\nt\nType\nSubscriptionConfirmation\n",
    );
  });
});
