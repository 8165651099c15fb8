import type { DividerBlock } from "@/lib/schemas/blocks";
import { newBlockId } from "@/lib/composer/draft";
import { themeTokens } from "@/lib/email-content/themes";
import type { BlockCanvasProps, BlockModule } from "./types";

function DividerCanvas({ theme }: BlockCanvasProps<DividerBlock>) {
  return (
    <div style={{ padding: "12px 0" }}>
      <hr style={{ border: 0, borderTop: `1px solid ${themeTokens(theme).divider}`, margin: 0 }} />
    </div>
  );
}

function DividerSettings() {
  return <p className="text-sm text-slate-600">A thin line in the theme&apos;s divider colour. It has no settings.</p>;
}

export const dividerBlock: BlockModule<DividerBlock> = {
  type: "divider",
  label: "Divider",
  description: "A horizontal line between sections.",
  icon: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
      <path d="M3 12h18" />
    </svg>
  ),
  create: () => ({ type: "divider", id: newBlockId() }),
  Canvas: DividerCanvas,
  Settings: DividerSettings,
};
