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
