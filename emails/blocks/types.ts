import type { SlotRecorder } from "../template";
import type { ThemeTokens } from "@/lib/email-content/themes";

/** What every block component receives: its block, the theme, and the recorder that hands out slots. */
export type BlockProps<B> = { block: B; theme: ThemeTokens; slots: SlotRecorder };
