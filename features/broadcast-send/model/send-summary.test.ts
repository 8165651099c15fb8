import { describe, expect, it } from "vitest";
import { abSendSummary, sendNowDescription } from "./send-summary";

const ab = {
  variants: [
    { id: "a", subject: "A" },
    { id: "b", subject: "B" },
  ],
  abTestPercent: 40,
  abWinnerMetric: "opens" as const,
  abWinnerAfterMinutes: 240,
};

describe("the Send-now confirmation", () => {
  it("states the test share, each variant's recipients now and what the rest get", () => {
    expect(abSendSummary(140, ab)).toBe(
      "40 % test: 28 get A, 28 get B now; the other 84 get the winner, chosen by opens after 4 hours.",
    );
    expect(
      abSendSummary(70, {
        ...ab,
        variants: [...ab.variants, { id: "c", subject: "C" }],
        abTestPercent: 15,
        abWinnerMetric: "clicks",
        abWinnerAfterMinutes: 60,
      }),
    ).toBe("15 % test: 4 get A, 4 get B, 3 get C now; the other 59 get the winner, chosen by clicks after 1 hour.");
    expect(abSendSummary(140, { ...ab, abWinnerMetric: null, abWinnerAfterMinutes: null })).toBe(
      "40 % test: 28 get A, 28 get B now; the other 84 get the winner, once you pick it on the report.",
    );
  });

  it("says nothing of a test for a broadcast without variants", () => {
    const plain = { variants: [], abTestPercent: null, abWinnerMetric: null, abWinnerAfterMinutes: null };
    expect(abSendSummary(140, plain)).toBeNull();
    expect(sendNowDescription(1, plain, false)).toBe(
      "It goes to 1 subscribed contact. A sent email cannot be called back; you can pause the send while it runs.",
    );
    expect(sendNowDescription(140, ab, true)).toContain(
      "scheduled time. 40 % test: 28 get A, 28 get B now; the other 84",
    );
  });
});
