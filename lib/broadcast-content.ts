// What a broadcast's content needs before it goes out beyond what its schema checks on every save (a draft may be
// unfinished): written once, for the server's readiness check (a 422 with pointers, API and dashboard alike) and the
// composer's send checklist (which takes the marketer to the block).

export type ContentGap = {
  /** Where the gap is, as the readiness check's 422 names it: "#/blocks/2/href". */
  pointer: string;
  /** The block's id when it has one (the composer's blocks always do), so the checklist can select it. */
  blockId: string | undefined;
  detail: string;
};

type Node = { type?: unknown; id?: unknown; text?: unknown; href?: unknown; columns?: unknown };
// Positions are kept (a stray non-object stays in the list as an empty node), so pointers name the right index.
const list = (v: unknown): Node[] =>
  Array.isArray(v) ? v.map((b) => (b && typeof b === "object" ? (b as Node) : {})) : [];
const LABEL_MAX = 40;

function buttonName(text: unknown): string {
  const plain = typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "";
  if (!plain) return "A button";
  return `The button “${plain.length > LABEL_MAX ? `${plain.slice(0, LABEL_MAX - 1)}…` : plain}”`;
}

/**
 * Buttons without a link, in columns too. A new button starts without one and a draft is saved so, but a button
 * that leads nowhere must not go out.
 */
export function buttonsWithoutLink(blocks: unknown, base = "#/blocks"): ContentGap[] {
  return list(blocks).flatMap((block, i): ContentGap[] => {
    const at = `${base}/${i}`;
    if (block.type === "columns")
      return list(block.columns).flatMap((column, c) =>
        buttonsWithoutLink((column as { blocks?: unknown }).blocks, `${at}/columns/${c}/blocks`),
      );
    if (block.type !== "button" || (typeof block.href === "string" && block.href.trim() !== "")) return [];
    return [
      {
        pointer: `${at}/href`,
        blockId: typeof block.id === "string" ? block.id : undefined,
        detail: `${buttonName(block.text)} has no link: add one.`,
      },
    ];
  });
}

/** The same over a broadcast's content: its blocks and each A/B variant's own blocks. */
export function contentGaps(content: { blocks: unknown; variants?: unknown }): ContentGap[] {
  const variants = Array.isArray(content.variants) ? (content.variants as { blocks?: unknown }[]) : [];
  return [
    ...buttonsWithoutLink(content.blocks),
    ...variants.flatMap((v, i) => buttonsWithoutLink(v?.blocks, `#/variants/${i}/blocks`)),
  ];
}
