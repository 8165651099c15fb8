import { describe, expect, it } from "vitest";
import type { Block } from "@/lib/schemas/blocks";
import { splitDraftErrors } from "./draft-errors";

const blocks: Block[] = [
  { type: "text", id: "t", text: "", align: "left" },
  {
    type: "columns",
    id: "c",
    columns: [{ blocks: [] }, { blocks: [{ type: "button", id: "btn", text: "Go", href: "x", align: "center" }] }],
  },
];

describe("splitDraftErrors", () => {
  it("gives block errors to their block by id, relative to it, and keeps field errors by pointer", () => {
    const split = splitDraftErrors(blocks, [
      { pointer: "#/draft/blocks/1/columns/1/blocks/0/href", detail: "Bad URL" },
      { pointer: "#/draft/blocks/0/text", detail: "Bad link" },
      { pointer: "#/draft/subject", detail: "Too long" },
      { pointer: "#/audienceFilter/segmentIds/0", detail: "Unknown segment" },
      { pointer: "#/draft/blocks/9", detail: "Gone" },
    ]);
    expect(split.byBlock).toEqual({ btn: { "#/href": "Bad URL" }, t: { "#/text": "Bad link" } });
    expect(split.fields).toEqual({
      "#/subject": "Too long",
      "#/audienceFilter/segmentIds/0": "Unknown segment",
      "#/blocks/9": "Gone",
    });
  });
});
