// Where the text editor's floating toolbar goes. Blocks sit close together on the canvas, so the toolbar's old
// fixed spot (above the editor, at its start) lay over the block above. It now takes the first of four spots (above
// at the start, above at the end beside the block's own toolbar, below at the start, below at the end) that hides
// nothing, measured against what the canvas shows (text lines, images, buttons, the block toolbar); when every spot
// hides something, the one hiding the least. Pure, so it is tested without a browser.

export type Box = { left: number; top: number; right: number; bottom: number };
export type ToolbarPlace = "above-start" | "above-end" | "below-start" | "below-end";

const GAP = 6;

const area = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const inside = (a: Box, outer: Box) =>
  a.left >= outer.left && a.right <= outer.right && a.top >= outer.top && a.bottom <= outer.bottom;

export function chooseToolbarPlace(input: {
  /** The text being edited. */
  editor: Box;
  toolbar: { width: number; height: number };
  /** What the canvas shows around it, the editor's own text left out. */
  obstacles: Box[];
  /** The visible part of the canvas: a spot outside it would be cut off. */
  visible: Box;
  /** The right edge an end spot must stay left of above the editor (the block toolbar's left side), if any. */
  aboveEndLimit?: number;
}): { place: ToolbarPlace; box: Box } {
  const { editor, toolbar, obstacles, visible } = input;
  const atX = (left: number) => ({ left, right: left + toolbar.width });
  const aboveTop = editor.top - GAP - toolbar.height;
  const belowTop = editor.bottom + GAP;
  const endRight = Math.min(editor.right, (input.aboveEndLimit ?? Infinity) - GAP);
  const spots: { place: ToolbarPlace; box: Box }[] = [
    { place: "above-start", box: { ...atX(editor.left), top: aboveTop, bottom: aboveTop + toolbar.height } },
    {
      place: "above-end",
      box: {
        ...atX(Math.max(editor.left, endRight - toolbar.width)),
        top: aboveTop,
        bottom: aboveTop + toolbar.height,
      },
    },
    { place: "below-start", box: { ...atX(editor.left), top: belowTop, bottom: belowTop + toolbar.height } },
    {
      place: "below-end",
      box: {
        ...atX(Math.max(editor.left, editor.right - toolbar.width)),
        top: belowTop,
        bottom: belowTop + toolbar.height,
      },
    },
  ];
  const hidden = (box: Box) => obstacles.reduce((sum, o) => sum + area(box, o), 0);
  const seen = spots.filter((s) => inside(s.box, visible));
  const candidates = seen.length ? seen : spots;
  const free = candidates.find((s) => hidden(s.box) === 0);
  if (free) return free;
  return candidates.reduce((best, s) => (hidden(s.box) < hidden(best.box) ? s : best));
}
