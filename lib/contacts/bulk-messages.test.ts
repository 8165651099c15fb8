import { describe, expect, it } from "vitest";
import { bulkPercent, bulkProgressLabel, bulkResultMessage } from "./bulk-messages";

describe("bulk messages", () => {
  it("says what is being done to how many", () => {
    expect(bulkProgressLabel({ action: "tag", total: 318 })).toBe("Tagging 318 contacts…");
    expect(bulkProgressLabel({ action: "delete", total: 1 })).toBe("Deleting 1 contact…");
    expect(bulkProgressLabel({ action: "untag", total: 12408 })).toBe("Removing a tag from 12,408 contacts…");
  });

  it("names the unchanged contacts for what they were", () => {
    expect(bulkResultMessage({ action: "tag", processed: 330, changed: 318, tagName: "VIP" })).toBe(
      "318 tagged with “VIP”, 12 already had it.",
    );
    expect(bulkResultMessage({ action: "tag", processed: 5, changed: 5, tagName: null })).toBe(
      "5 tagged with the tag.",
    );
    expect(bulkResultMessage({ action: "untag", processed: 3, changed: 1, tagName: "VIP" })).toBe(
      "“VIP” removed from 1 contact, 2 did not have it.",
    );
    expect(bulkResultMessage({ action: "unsubscribe", processed: 10, changed: 7, tagName: null })).toBe(
      "7 unsubscribed, 3 skipped (already unsubscribed, bounced or complained).",
    );
    expect(bulkResultMessage({ action: "delete", processed: 1000, changed: 1000, tagName: null })).toBe(
      "1,000 contacts deleted.",
    );
  });

  it("fills the bar by processed over total, never past full", () => {
    expect(bulkPercent({ processed: 120, total: 318 })).toBe(38);
    expect(bulkPercent({ processed: 0, total: 0 })).toBe(0);
    expect(bulkPercent({ processed: 5, total: 4 })).toBe(100);
  });
});
