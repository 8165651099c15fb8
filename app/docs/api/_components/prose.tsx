import { Inline } from "@/components/docs/markdown";

type Block = { kind: "p"; text: string } | { kind: "ul"; items: string[] };

/** Blank lines separate blocks; in a block, lines starting `- ` are list items and a line indented under one continues it. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    let para: string[] = [];
    let items: string[] = [];
    const flushPara = () => {
      if (para.length) blocks.push({ kind: "p", text: para.join(" ") });
      para = [];
    };
    const flushList = () => {
      if (items.length) blocks.push({ kind: "ul", items });
      items = [];
    };
    for (const raw of chunk.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      const item = /^[-*]\s+(.*)$/.exec(line);
      if (item) {
        flushPara();
        items.push(item[1] ?? "");
      } else if (items.length && /^\s/.test(raw)) {
        items[items.length - 1] += ` ${line}`;
      } else {
        flushList();
        para.push(line);
      }
    }
    flushPara();
    flushList();
  }
  return blocks;
}

/**
 * Longer descriptions (a tag's guide): the same inline Markdown as `Markdown` (`code`, **bold**), plus `- ` lists,
 * which `Markdown` would run together into one paragraph.
 */
export function Prose({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {blocksOf(text).map((block, i) =>
        block.kind === "p" ? (
          <p key={i} className="mt-3 first:mt-0">
            <Inline text={block.text} />
          </p>
        ) : (
          <ul key={i} className="mt-2 list-disc space-y-1 pl-5 marker:text-slate-400">
            {block.items.map((item, j) => (
              <li key={j}>
                <Inline text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
