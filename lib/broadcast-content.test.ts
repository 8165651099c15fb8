import { describe, expect, it } from "vitest";
import { buttonsWithoutLink, contentGaps } from "./broadcast-content";

const button = (id: string, href: string, text = "Order now") => ({ type: "button", id, text, href, align: "center" });

describe("buttonsWithoutLink", () => {
  it("points at each button without a link, in columns too, and names it by its label", () => {
    const blocks = [
      { type: "text", id: "t", text: "Hi", align: "left" },
      button("b1", ""),
      button("b2", "https://shop.example/order"),
      {
        type: "columns",
        id: "c",
        columns: [{ blocks: [] }, { blocks: [button("b3", "  ", "  "), button("b4", "mailto:hi@shop.example")] }],
      },
    ];
    expect(buttonsWithoutLink(blocks)).toEqual([
      { pointer: "#/blocks/1/href", blockId: "b1", detail: "The button “Order now” has no link: add one." },
      { pointer: "#/blocks/3/columns/1/blocks/0/href", blockId: "b3", detail: "A button has no link: add one." },
    ]);
  });

  it("shortens a long label and reads stored JSON of any shape without throwing", () => {
    const [gap] = buttonsWithoutLink([button("b", "", "x".repeat(60))]);
    expect(gap?.detail).toBe(`The button “${"x".repeat(39)}…” has no link: add one.`);
    expect(buttonsWithoutLink(null)).toEqual([]);
    expect(buttonsWithoutLink([null, 3, { type: "button" }])).toEqual([
      { pointer: "#/blocks/2/href", blockId: undefined, detail: "A button has no link: add one." },
    ]);
  });
});

describe("contentGaps", () => {
  it("covers the broadcast's blocks and each A/B variant's own blocks", () => {
    const gaps = contentGaps({
      blocks: [button("b1", "https://shop.example")],
      variants: [
        { id: "a", subject: "A" },
        { id: "b", subject: "B", blocks: [button("v1", "")] },
      ],
    });
    expect(gaps.map((g) => g.pointer)).toEqual(["#/variants/1/blocks/0/href"]);
  });
});
