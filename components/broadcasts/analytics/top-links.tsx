// The links people clicked most (human clicks; one URL at several places in the email is one row). Each row's
// "Who clicked" shows that link's clickers in the report's recipient table.
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format";

export function TopLinks({
  links,
  onShowClickers,
}: {
  links: BroadcastAnalytics["topLinks"];
  onShowClickers?: (url: string) => void;
}) {
  if (links.length === 0)
    return <p className="px-5 py-6 text-center text-[13px] text-slate-500">No links clicked yet.</p>;
  return (
    <Table>
      <caption className="sr-only">Top links by clicks</caption>
      <THead>
        <tr>
          <TH>Link</TH>
          <TH className="text-right">Unique clicks</TH>
          <TH className="text-right">All clicks</TH>
          {onShowClickers && (
            <TH>
              <span className="sr-only">Clickers</span>
            </TH>
          )}
        </tr>
      </THead>
      <TBody>
        {links.map((l) => (
          <TR key={l.url}>
            <TD className="max-w-md truncate font-mono text-xs" title={l.url}>
              {/^https?:\/\//i.test(l.url) ? (
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-brand-700 hover:underline"
                >
                  {l.url}
                </a>
              ) : (
                l.url
              )}
            </TD>
            <TD className="text-right tabular-nums">{formatNumber(l.uniqueClicks)}</TD>
            <TD className="text-right tabular-nums">{formatNumber(l.totalClicks)}</TD>
            {onShowClickers && (
              <TD className="text-right whitespace-nowrap">
                <Button size="sm" variant="secondary" onClick={() => onShowClickers(l.url)}>
                  Who clicked<span className="sr-only">: {l.url}</span>
                </Button>
              </TD>
            )}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
