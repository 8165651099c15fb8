// Every block type the composer offers, in palette order.
import type { Block } from "@/lib/schemas/blocks";
import { buttonBlock } from "./button";
import { columnsBlock } from "./columns";
import { dividerBlock } from "./divider";
import { headingBlock } from "./heading";
import { htmlBlock } from "./html";
import { imageBlock } from "./image";
import { quoteBlock } from "./quote";
import { socialBlock } from "./social";
import { spacerBlock } from "./spacer";
import { textBlock } from "./text";
import type { BlockModule } from "./types";

type ModuleOf<T extends Block["type"]> = BlockModule<Extract<Block, { type: T }>>;
type AnyModule = { [T in Block["type"]]: ModuleOf<T> }[Block["type"]];

export const BLOCK_MODULES: readonly AnyModule[] = [
  headingBlock,
  textBlock,
  imageBlock,
  buttonBlock,
  columnsBlock,
  dividerBlock,
  spacerBlock,
  socialBlock,
  quoteBlock,
  htmlBlock,
];

const BY_TYPE = Object.fromEntries(BLOCK_MODULES.map((m) => [m.type, m])) as { [T in Block["type"]]: ModuleOf<T> };

/** The module of a block type; typed so `blockModule(block.type).Canvas` takes that block. */
export function blockModule<T extends Block["type"]>(type: T): ModuleOf<T> {
  return BY_TYPE[type];
}
