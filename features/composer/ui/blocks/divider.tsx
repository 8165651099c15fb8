import type { DividerBlock } from "@/lib/schemas/blocks";
import { themeTokens } from "@/lib/email-content/themes";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps } from "./types";

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

export const dividerBlock = defineBlock<DividerBlock>({
  type: "divider",
  label: "Divider",
  description: "A horizontal line between sections.",
  icon: "M3 12h18",
  Canvas: DividerCanvas,
  Settings: DividerSettings,
});
