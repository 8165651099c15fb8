import { describe, expect, it } from "vitest";
import { renderPreview } from "./preview";
import { SAMPLE_CONTENT } from "@/lib/email-content/testing/sample-content";

describe("renderPreview", () => {
  it("uses the sample contact, the original links and no pixel", async () => {
    const { subject, html, text } = await renderPreview(SAMPLE_CONTENT);
    expect(subject).toBe("Hello Jane, the spring sale is on");
    expect(html).toContain('href="https://example.com/sale?e=jane.doe%40example.com"');
    expect(html).toContain('href="https://example.com/blog"');
    expect(html).toContain("Fresh pairs for Example Ltd");
    expect(html).toContain('href="#unsubscribe"');
    expect(html).not.toMatch(/width="1" height="1"/);
    expect(text).toContain("the details (https://example.com/sale?e=jane.doe%40example.com)");
  });

  it("renders for a real contact and a given unsubscribe URL", async () => {
    const contact = { email: "bo@example.com", firstName: null, lastName: "Bo", fields: {} };
    const { html } = await renderPreview(SAMPLE_CONTENT, contact, { unsubscribeUrl: "https://app.example/u/x" });
    expect(html).toContain("Hi there, the");
    expect(html).toContain("Fresh pairs for your team");
    expect(html).toContain('href="https://app.example/u/x"');
  });
});
