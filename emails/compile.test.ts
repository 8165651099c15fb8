import { describe, expect, it } from "vitest";
import { compileEmail, type EmailContent } from "./compile";
import { personalize, type PersonalizeContext } from "./personalize";
import { SAMPLE_CONTACT } from "./sample-contact";
import { SAMPLE_CONTENT } from "@/lib/email-content/testing/sample-content";

const ctx = (over: Partial<PersonalizeContext> = {}): PersonalizeContext => ({
  values: SAMPLE_CONTACT,
  linkHref: (position) => `https://t.example/c/${position}/TOKEN`,
  openPixelUrl: "https://t.example/o/TOKEN",
  unsubscribeUrl: "https://t.example/u/TOKEN",
  ...over,
});

const content = (blocks: unknown[], over: Partial<EmailContent> = {}): EmailContent => ({
  ...SAMPLE_CONTENT,
  footerStyles: {},
  blocks,
  ...over,
});

describe("compileEmail", () => {
  it("renders every block type", async () => {
    const { html } = personalize(await compileEmail(SAMPLE_CONTENT), ctx());
    expect(html).toMatch(/<h1[^>]*>Hi Jane, the <strong>spring sale<\/strong> is on<\/h1>/); // heading
    expect(html).toContain("our <em>biggest</em> sale"); // text with markup
    expect(html).toMatch(/<img alt="Sale banner for Jane" src="https:\/\/placehold\.co\/600x200\/png"/); // image
    expect(html).toMatch(/<a href="https:\/\/t\.example\/c\/2\/TOKEN"[^>]*>.*Shop <strong>now<\/strong>/s); // button
    expect(html).toContain("<hr"); // divider
    expect(html.match(/<h3/g)).toHaveLength(2); // columns with headings inside
    expect(html).toMatch(/height:16px/); // spacer
    expect(html).toContain("<blockquote"); // quote
    expect(html).toContain("— Lisbon"); // quote cite with a merge tag
    expect(html).toContain(
      'Raw <b>HTML</b> with <a href="https://t.example/c/4/TOKEN" style="color:#4f46e5">a link</a> and <a>a bad one</a>',
    );
    expect(html).toMatch(/>Instagram<\/a>.*>X<\/a>/s); // social
    expect(html).not.toMatch(/<script|onclick|javascript:/i);
  });

  it("collects links in order of first appearance, each once", async () => {
    const compiled = await compileEmail(SAMPLE_CONTENT);
    expect(compiled.links).toEqual([
      "https://example.com/sale?e={{email}}",
      "https://example.com/blog",
      "https://example.com/shop",
      "https://example.com/shirts",
      "https://example.com/raw",
      "https://instagram.com/acme",
      "https://x.com/acme",
      "mailto:hi@example.com",
    ]);
    // The image links to the first link again: same position, so the same tracked URL.
    const { html } = personalize(compiled, ctx());
    expect(html.match(/c\/0\/TOKEN/g)).toHaveLength(2);
  });

  it("always puts the unsubscribe link and the postal address in the footer", async () => {
    for (const footerStyles of [{}, { text: "Custom footer", textColor: "#123456", align: "left" }]) {
      const compiled = await compileEmail(content([{ type: "text", text: "Hi" }], { footerStyles }));
      const { html, text } = personalize(compiled, ctx());
      expect(html).toContain('href="https://t.example/u/TOKEN"');
      expect(html).toMatch(/Acme Shop<br\/>1 Main Street<br\/>Springfield, 12345/);
      expect(text).toContain("Unsubscribe (https://t.example/u/TOKEN)");
      expect(text).toContain("1 Main Street\nSpringfield, 12345");
    }
  });

  it("applies footer styles and themes", async () => {
    const styled = await compileEmail(
      content([], { theme: "dark", footerStyles: { backgroundColor: "#102030", textColor: "#abcdef", fontSize: 14 } }),
    );
    const { html } = personalize(styled, ctx());
    expect(html).toContain("background-color:#102030");
    expect(html).toMatch(/font-size:14px;line-height:1.5;color:#abcdef/);
    expect(html).toContain("background-color:#09090b"); // the dark page
    expect(html).toContain('content="dark"');
    // An unknown stored theme falls back to the default instead of failing a send.
    const fallback = personalize(await compileEmail(content([], { theme: "neon" })), ctx()).html;
    expect(fallback).toContain("background-color:#f4f4f5");
  });

  it("puts the open pixel at the end of the body, only when asked", async () => {
    const compiled = await compileEmail(SAMPLE_CONTENT);
    const tracked = personalize(compiled, ctx()).html;
    const pixel = tracked.indexOf('<img src="https://t.example/o/TOKEN" width="1" height="1" alt=""');
    expect(pixel).toBeGreaterThan(tracked.indexOf("Springfield, 12345"));
    expect(tracked.lastIndexOf("<img")).toBe(pixel);
    expect(tracked.slice(pixel)).toMatch(/^<img [^>]*\/>(<\/t[dr]>|<\/t?body>|<\/table>|<!--[^>]*-->)*<\/html>$/);
    const untracked = personalize(compiled, ctx({ openPixelUrl: null }));
    expect(untracked.html).not.toContain("/o/TOKEN");
    expect(untracked.text).not.toContain("/o/TOKEN");
  });

  it("writes a readable plain-text part with the tracked links", async () => {
    const { text, subject } = personalize(await compileEmail(SAMPLE_CONTENT), ctx());
    expect(subject).toBe("Hello Jane, the spring sale is on");
    expect(text).toContain("Hi Jane, the spring sale is on\n\nDear Jane,\nour biggest sale of the year starts now.");
    expect(text).toContain("the details (https://t.example/c/0/TOKEN) or our blog (https://t.example/c/1/TOKEN)");
    expect(text).toContain("Shop now (https://t.example/c/2/TOKEN)");
    expect(text).toContain("> Best shop in town.");
    expect(text).not.toMatch(/<|&amp;|\*\*|\n{3}|[\uE000\uE001]/);
    // The hidden preview text belongs to the inbox list, not the body.
    expect(text).not.toContain("20% off");
  });

  it("does not let author text forge a slot", async () => {
    const forged = "\uE0002.0\uE001 \uE0001.0\uE001";
    const compiled = await compileEmail(content([{ type: "text", text: `x${forged}y` }], { subject: forged }));
    const { html, subject } = personalize(compiled, ctx());
    expect(html).toContain("x2.0 1.0y");
    expect(subject).toBe("2.0 1.0");
  });

  it("rejects stored content that fails the schema", async () => {
    await expect(compileEmail(content([{ type: "button", text: "x", href: "javascript:x" }]))).rejects.toThrow();
  });
});
