import { Hr } from "@react-email/components";
import type { DividerBlock } from "@/lib/schemas/blocks";
import type { BlockProps } from "./types";

export function DividerBlockView({ theme }: BlockProps<DividerBlock>) {
  return <Hr style={{ borderColor: theme.divider, borderTopWidth: 1, margin: "24px 0" }} />;
}
