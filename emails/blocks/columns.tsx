import { Column, Row, Section } from "@react-email/components";
import type { ColumnsBlock } from "@/lib/schemas/blocks";
import { LeafBlockView } from "./leaf";
import type { BlockProps } from "./types";

export function ColumnsBlockView({ block, theme, slots }: BlockProps<ColumnsBlock>) {
  const width = `${Math.floor(100 / block.columns.length)}%`;
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Row>
        {block.columns.map((column, i) => (
          <Column
            key={i}
            style={{
              width,
              verticalAlign: "top",
              paddingLeft: i === 0 ? 0 : 8,
              paddingRight: i === block.columns.length - 1 ? 0 : 8,
            }}
          >
            {column.blocks.map((child, j) => (
              <LeafBlockView key={child.id ?? j} block={child} theme={theme} slots={slots} />
            ))}
          </Column>
        ))}
      </Row>
    </Section>
  );
}
