import { describe, expect, it } from "vitest";
import { chooseToolbarPlace, type Box } from "./toolbar-place";

const box = (left: number, top: number, right: number, bottom: number): Box => ({ left, top, right, bottom });
const editor = box(100, 200, 600, 224);
const toolbar = { width: 140, height: 34 };
const visible = box(0, 0, 1000, 1000);
// The block toolbar (move, duplicate, delete) above the selected block's top right.
const blockTools = box(470, 160, 600, 194);

describe("chooseToolbarPlace", () => {
  it("stays above the editor, at its start, when nothing is there (the first block)", () => {
    expect(chooseToolbarPlace({ editor, toolbar, obstacles: [blockTools], visible, aboveEndLimit: 470 })).toEqual({
      place: "above-start",
      box: box(100, 160, 240, 194),
    });
  });

  it("moves beside the block toolbar when the block above ends in a short line at the start", () => {
    const shortLine = box(100, 170, 250, 192);
    expect(
      chooseToolbarPlace({ editor, toolbar, obstacles: [shortLine, blockTools], visible, aboveEndLimit: 470 }),
    ).toEqual({ place: "above-end", box: box(324, 160, 464, 194) });
  });

  it("goes below when the block above is full across, and never over the block below's content", () => {
    const fullLine = box(100, 170, 600, 192);
    const buttonBelow = box(100, 236, 260, 280);
    expect(
      chooseToolbarPlace({ editor, toolbar, obstacles: [fullLine, blockTools], visible, aboveEndLimit: 470 }).place,
    ).toBe("below-start");
    expect(
      chooseToolbarPlace({
        editor,
        toolbar,
        obstacles: [fullLine, blockTools, buttonBelow],
        visible,
        aboveEndLimit: 470,
      }),
    ).toEqual({ place: "below-end", box: box(460, 230, 600, 264) });
  });

  it("hides as little as it can when every spot hides something, and is never cut off by the canvas's edge", () => {
    const above = box(100, 150, 600, 196);
    const belowMostly = box(100, 226, 600, 270);
    const belowEndGap = box(100, 226, 560, 240);
    const choice = chooseToolbarPlace({
      editor,
      toolbar,
      obstacles: [above, { ...belowEndGap, bottom: 232 }],
      visible,
    });
    expect(choice.place).toBe("below-end");
    // The first block with the canvas scrolled so its top is at the edge: above would be cut off.
    const atTop = chooseToolbarPlace({ editor, toolbar, obstacles: [belowMostly], visible: box(0, 190, 1000, 1000) });
    expect(atTop.place).toMatch(/^below/);
  });
});
