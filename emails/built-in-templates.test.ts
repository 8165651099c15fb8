// The built-in templates (lib/templates/built-in.ts) through the preview renderer: each renders for the sample
// contact with its merge tags filled and its links kept. Here rather than beside the templates because lib/ does not
// import emails/ (docs/architecture.md).
import { describe, expect, it } from "vitest";
import { BUILT_IN_TEMPLATES, builtInTemplate } from "@/lib/templates/built-in";
import { renderPreview } from "./preview";

const workspace = { name: "Acme", postalAddress: "1 Main Street, Springfield" };

describe("built-in templates", () => {
  describe.each(BUILT_IN_TEMPLATES.map((t) => [t.id, t] as const))("%s", (_, template) => {
    it("renders with the sample contact, its merge tags filled and its links kept", async () => {
      const { subject, html, text } = await renderPreview({ ...template, workspace });
      expect(subject.length).toBeGreaterThan(0);
      expect(subject).not.toContain("{{");
      expect(html).not.toContain("{{");
      expect(html).toContain("1 Main Street, Springfield");
      for (const link of hrefsOf(template.blocks)) expect(html).toContain(`href="${link}"`);
      expect(text.length).toBeGreaterThan(100);
    });
  });

  it("greet the sample contact by name, and fall back when there is none", async () => {
    const welcome = { ...builtInTemplate("welcome"), workspace };
    const named = await renderPreview(welcome);
    expect(named.subject).toBe("Welcome aboard, Jane");
    expect(named.html).toContain("Welcome, Jane!");
    const anonymous = await renderPreview(welcome, {
      email: "a@example.com",
      firstName: null,
      lastName: null,
      fields: {},
    });
    expect(anonymous.subject).toBe("Welcome aboard, friend");
    expect(anonymous.html).toContain("Welcome, there!");
  });
});

type AnyBlock = (typeof BUILT_IN_TEMPLATES)[number]["blocks"][number];

function flat(blocks: readonly AnyBlock[]): AnyBlock[] {
  return blocks.flatMap((b) => (b.type === "columns" ? [b, ...b.columns.flatMap((c) => c.blocks)] : [b]));
}

function hrefsOf(blocks: readonly AnyBlock[]): string[] {
  return flat(blocks).flatMap((b) =>
    b.type === "button" ? [b.href] : b.type === "social" ? b.links.map((l) => l.url) : [],
  );
}
