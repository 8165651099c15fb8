// The links people clicked most (human clicks; one URL at several places in the email is one row).
import type { BroadcastAnalytics } from "@/lib/schemas/broadcast-analytics";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { formatNumber } from "@/lib/format";

export function TopLinks({ links }: { links: BroadcastAnalytics["topLinks"] }) {
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
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
