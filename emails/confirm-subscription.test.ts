import { describe, expect, it } from "vitest";
import { renderConfirmationEmail } from "./confirm-subscription";

describe("renderConfirmationEmail", () => {
  it("carries the link as a button and as text, escapes the workspace name and shows the postal address", async () => {
    const url = "https://mail.example/confirm/abc.def";
    const email = await renderConfirmationEmail({
      workspaceName: "Ada & <Co>",
      postalAddress: "1 Main St\nSpringfield",
      confirmUrl: url,
    });
    expect(email.subject).toBe("Confirm your subscription to Ada & <Co>");
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain("Ada &amp; &lt;Co&gt;");
    expect(email.html).not.toContain("<Co>");
    expect(email.html).toContain("1 Main St, Springfield");
    expect(email.text).toContain(url);
    expect(email.text).toMatch(/did not sign up/);
  });
});

describe("renderConfirmationEmail, rendered once per sender", () => {
  it("puts each message's own link in, escaped, and never another's", async () => {
    const props = { workspaceName: "Cached Co", postalAddress: null };
    const a = await renderConfirmationEmail({ ...props, confirmUrl: "https://m.example/confirm/a.1" });
    const b = await renderConfirmationEmail({ ...props, confirmUrl: "https://m.example/confirm/b.2?x=1&y=2" });
    expect(a.html).toContain('href="https://m.example/confirm/a.1"');
    expect(a.html).not.toContain("b.2");
    expect(b.html).toContain('href="https://m.example/confirm/b.2?x=1&amp;y=2"');
    expect(b.text).toContain("https://m.example/confirm/b.2?x=1&y=2");
    expect(b.html).not.toContain("placeholder");
    expect(b.html).not.toContain("a.1");
  });
});
