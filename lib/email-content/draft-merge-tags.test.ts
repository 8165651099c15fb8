import { describe, expect, it } from "vitest";
import type { ComposerDraft } from "@/lib/composer/draft";
import { insertableMergeTag, mergeTagLabel, mergeTagsWithoutFallback } from "./draft-merge-tags";

type Draftish = Pick<ComposerDraft, "subject" | "previewText" | "blocks" | "variants">;
const draft = (patch: Partial<Draftish>): Draftish => ({
  subject: null,
  previewText: null,
  blocks: [],
  variants: [],
  ...patch,
});

describe("insertableMergeTag", () => {
  it("gives the first name a fallback, as the subject's menu and the text editors insert it", () => {
    expect(insertableMergeTag("firstName")).toBe("{{firstName|there}}");
    // No word reads well in place of these: they go in bare, and the send checklist counts who lacks them.
    expect(insertableMergeTag("lastName")).toBe("{{lastName}}");
    expect(insertableMergeTag("company")).toBe("{{company}}");
    expect(insertableMergeTag("email")).toBe("{{email}}");
  });
});

describe("mergeTagsWithoutFallback", () => {
  it("finds each tag without a fallback once, where it is first shown, in subject, preview text and blocks", () => {
    const uses = mergeTagsWithoutFallback(
      draft({
        subject: "Fresh from the oven, {{firstName}}!",
        previewText: "For {{ company }} and {{firstName|you}}",
        blocks: [
          { type: "heading", id: "h", text: "Hi {{firstName}}", level: 1, align: "left" },
          {
            type: "columns",
            id: "c",
            columns: [
              { blocks: [{ type: "text", id: "t", text: "{{lastName}} {{plan|}}", align: "left" }] },
              { blocks: [] },
            ],
          },
          // A link's merge value empties a query parameter, not a word the reader sees; every contact has an email.
          {
            type: "button",
            id: "b",
            text: "Go {{email}}",
            href: "https://shop.example/?ref={{referrer}}",
            align: "center",
          },
        ],
      }),
    );
    expect(uses).toEqual([
      { key: "firstName", place: "subject" },
      { key: "company", place: "previewText" },
      { key: "lastName", place: { blockId: "c" } },
    ]);
  });

  it("reads the A/B variants' subjects and blocks", () => {
    const uses = mergeTagsWithoutFallback(
      draft({
        subject: "Hi {{firstName|there}}",
        variants: [
          { id: "a", subject: "A {{city}}" },
          { id: "b", subject: "B", blocks: [{ type: "text", text: "{{zip}}", align: "left" }] },
        ],
      }),
    );
    expect(uses).toEqual([
      { key: "city", place: "variants" },
      { key: "zip", place: "variants" },
    ]);
  });
});

describe("mergeTagLabel", () => {
  it("names built-in tags (and their snake_case spelling), custom fields by their label, others by the key", () => {
    expect(mergeTagLabel("firstName")).toBe("First name");
    expect(mergeTagLabel("last_name")).toBe("Last name");
    expect(mergeTagLabel("plan", [{ key: "plan", label: "Plan" }])).toBe("Plan");
    expect(mergeTagLabel("frstName")).toBe("frstName");
  });
});
