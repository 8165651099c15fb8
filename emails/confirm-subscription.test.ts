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

describe("renderConfirmationEmail, the form's own subject and message", () => {
  const base = { workspaceName: "Garden Co", postalAddress: null };
  const ada = { email: "ada@example.com", firstName: "Ada <3", lastName: null, fields: { plot: 12 } };

  it("fills merge tags per contact: escaped in the HTML, plain in the text, one line in the subject", async () => {
    const props = {
      ...base,
      subject: "{{firstName|Hi}}, one click\nto confirm",
      message: "Hello {{ firstName | there }}!\nYour plot: {{plot|?}} m².\n\nSee you, {{missing|the team}}.",
    };
    const a = await renderConfirmationEmail({ ...props, confirmUrl: "https://m.example/confirm/a.1", values: ada });
    expect(a.subject).toBe("Ada <3, one click to confirm");
    expect(a.html).toContain("Hello Ada &lt;3!<br/>Your plot: 12 m².");
    expect(a.html).toContain("See you, the team.");
    expect(a.html).not.toContain("swmergeslot");
    expect(a.text).toContain("Hello Ada <3!");
    // The same form's next contact: the cached rendering, other values.
    const b = await renderConfirmationEmail({ ...props, confirmUrl: "https://m.example/confirm/b.2" });
    expect(b.subject).toBe("Hi, one click to confirm");
    expect(b.html).toContain("Hello there!<br/>Your plot: ? m².");
    expect(b.html).toContain('href="https://m.example/confirm/b.2"');
    expect(b.html).not.toContain("Ada");
  });

  it("falls back to the defaults, and keeps the button, the link and the note whatever the message", async () => {
    const email = await renderConfirmationEmail({
      ...base,
      subject: null,
      message: "",
      confirmUrl: "https://m.example/confirm/c.3",
    });
    expect(email.subject).toBe("Confirm your subscription to Garden Co");
    expect(email.text).toContain("You asked to receive emails from Garden Co.");
    expect(email.html).toContain("Yes, subscribe me");
    expect(email.text).toMatch(/did not sign up/);
  });
});
