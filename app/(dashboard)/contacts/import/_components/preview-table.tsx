import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";

/** The file's first rows as read by the server, so quoting or delimiter surprises show before importing. */
export function PreviewTable({ headers, rows }: { headers: string[]; rows: string[][] }) {
  return (
    <div className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-slate-200">
      <Table className="text-[13px]">
        <THead>
          <tr>
            <TH className="w-px px-3 text-right normal-case!">#</TH>
            {headers.map((h) => (
              <TH key={h} className="px-3 normal-case!">
                {h}
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {rows.map((row, i) => (
            <TR key={i}>
              <TD className="px-3 py-2 text-right text-slate-400 tabular-nums">{i + 1}</TD>
              {headers.map((h, j) => (
                <TD key={h} className="max-w-56 truncate px-3 py-2" title={row[j]}>
                  {row[j] || <span className="text-slate-300">—</span>}
                </TD>
              ))}
            </TR>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
