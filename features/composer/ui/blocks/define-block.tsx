// The shell of a block type's module: the palette's icon drawn in the frame every block icon shares, and create()
// making a new block of the type with a fresh id around the type's own starting content.
import type { Block } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import type { BlockModule } from "./types";

export function BlockIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

type BlockSpec<B extends Block> = Omit<BlockModule<B>, "icon" | "create"> & {
  /** The palette icon: one stroked path on a 24×24 grid. */
  icon: string;
  /** What a new block starts with, besides its type and id (none for a block without content). */
  content?: () => Omit<B, "type" | "id">;
};

export function defineBlock<B extends Block>({ icon, content, ...module }: BlockSpec<B>): BlockModule<B> {
  return {
    ...module,
    icon: <BlockIcon d={icon} />,
    create: () => ({ type: module.type, id: newBlockId(), ...content?.() }) as B,
  };
}
