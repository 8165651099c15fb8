import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileEmail } from "./compile";
import { resolveLinkUrl } from "@/lib/email-content/links";
import type { MergeValues } from "@/lib/email-content/merge-tags";
import { personalize, type PersonalizeContext } from "./personalize";
import { SAMPLE_CONTENT } from "@/lib/email-content/testing/sample-content";

const nasty: MergeValues = {
  email: "o'neil&co@example.com",
  firstName: '<script>alert("x")</script>',
  lastName: null,
  fields: { company: 'Smith & "Sons" <b>', plan: 42, vip: true, tags: ["a", "b"], blank: "  ", obj: { a: 1 } },
};

const ctx = (values: MergeValues, over: Partial<PersonalizeContext> = {}): PersonalizeContext => ({
  values,
  linkHref: (position, url) => `https://t.example/c/${position}?u=${url}`,
  openPixelUrl: null,
  unsubscribeUrl: "https://t.example/u/T?a=1&b=2",
  ...over,
});

const compileText = (text: string, subject = "S") =>
  compileEmail({ ...SAMPLE_CONTENT, subject, footerStyles: {}, blocks: [{ type: "text", text }] });

describe("personalize", () => {
  it("HTML-escapes merge values in the html part only", async () => {
    const compiled = await compileText("Hi {{firstName}} from {{company}}, {{email}}", "For {{firstName}}");
    const { html, text, subject } = personalize(compiled, ctx(nasty));
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Smith &amp; &quot;Sons&quot; &lt;b&gt;");
    expect(html).toContain("o&#39;neil&amp;co@example.com");
    expect(html).not.toContain("<script>");
    expect(text).toContain('Hi <script>alert("x")</script> from Smith & "Sons" <b>, o\'neil&co@example.com');
    expect(subject).toBe('For <script>alert("x")</script>');
  });

  it("escapes values that land in attributes (alt text, hrefs)", async () => {
    const compiled = await compileEmail({
      ...SAMPLE_CONTENT,
      blocks: [{ type: "image", src: "https://x.example/a.png", alt: "{{company}}", href: "https://x.example/" }],
    });
    const { html } = personalize(compiled, ctx(nasty, { linkHref: () => 'https://t.example/"><script>' }));
    expect(html).toContain('alt="Smith &amp; &quot;Sons&quot; &lt;b&gt;"');
    expect(html).toContain('href="https://t.example/&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('href="https://t.example/u/T?a=1&amp;b=2"');
  });

  it.each([
    ["{{firstName|there}}", "there"], // null value
    ["{{lastName|}}", ""], // empty fallback
    ["{{blank|n/a}}", "n/a"], // whitespace-only value
    ["{{plan}}", "42"],
    ["{{vip}}", "yes"],
    ["{{tags}}", "a, b"],
    ["{{obj|none}}", "none"],
    ["{{unknownKey}}", ""], // unknown tag, no fallback
    ["{{unknownKey|friend}}", "friend"],
    ["{{ first_name | pal }}", "pal"],
    ["{{company}}", 'Smith & "Sons" <b>'],
  ])("%s becomes %j", async (tag, expected) => {
    const { text } = personalize(await compileText(`[${tag}]`), ctx({ ...nasty, firstName: null }));
    expect(text.split("\n")[0]).toBe(`[${expected}]`);
  });

  it("keeps a subject on one line", async () => {
    const compiled = await compileText("x", "Hi {{company}}");
    const values = { ...nasty, fields: { company: "A\r\nBcc: victim@example.com" } };
    expect(personalize(compiled, ctx(values)).subject).toBe("Hi A Bcc: victim@example.com");
  });

  it("asks linkHref once per link with its position and URL as written", async () => {
    const compiled = await compileEmail(SAMPLE_CONTENT);
    const calls: [number, string][] = [];
    personalize(compiled, ctx(nasty, { linkHref: (p, url) => (calls.push([p, url]), `L${p}`) }));
    expect(calls).toEqual(compiled.links.map((url, i) => [i, url]));
  });

  it("fills 10,000 recipients from one compiled template", async () => {
    const compiled = await compileText("Hi {{firstName|there}} [shop](https://x.example/?e={{email}})");
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const values = { email: `c${i}@example.com`, firstName: `N${i}`, lastName: null, fields: {} };
      const { html } = personalize(compiled, ctx(values, { linkHref: (p) => `https://t.example/c/${p}/${i}` }));
      seen.add(html);
      if (i === 9_999) expect(html).toContain('Hi N9999 <a href="https://t.example/c/0/9999"');
    }
    expect(seen.size).toBe(10_000);
  });

  it("imports nothing that renders (no React, no react-email) in the per-recipient path", () => {
    const visited = new Set<string>();
    const walk = (file: string) => {
      if (visited.has(file)) return;
      visited.add(file);
      const source = readFileSync(file, "utf8");
      for (const [, spec = ""] of source.matchAll(/^import[^"']*["']([^"']+)["']/gm)) {
        // Its own folder, or the React-free email content it shares with the schemas (lib/email-content).
        expect(spec, `${path.basename(file)} imports ${spec}`).toMatch(/^(\.\/|@\/lib\/email-content\/)/);
        const at = spec.startsWith("@/") ? path.resolve(import.meta.dirname, "..", spec.slice(2)) : null;
        walk(at ? `${at}.ts` : path.resolve(path.dirname(file), `${spec}.ts`));
      }
    };
    walk(path.resolve(import.meta.dirname, "personalize.ts"));
    expect([...visited].map((f) => path.basename(f)).sort()).toEqual([
      "merge-tags.ts",
      "personalize.ts",
      "template.ts",
    ]);
  });
});

describe("resolveLinkUrl", () => {
  it("URL-encodes merge values, so a value cannot add a parameter or a path", () => {
    expect(resolveLinkUrl("https://x.example/p?e={{email}}&n={{firstName|friend}}", nasty)).toBe(
      "https://x.example/p?e=o'neil%26co%40example.com&n=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E",
    );
    expect(resolveLinkUrl("https://x.example/{{company|}}", { ...nasty, fields: {} })).toBe("https://x.example/");
  });
});
