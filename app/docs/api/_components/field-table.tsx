import { Inline } from "@/components/docs/markdown";

export type FieldTableRow = {
  name: string;
  type: string;
  required: boolean;
  location?: string;
  description?: string;
  notes: string[];
  schemaRef?: string;
};

/** Parameters and body fields share one layout: name and type on the left, what it means on the right. */
export function FieldTable({ rows, caption }: { rows: FieldTableRow[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="w-2/5 px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.location ?? ""}${row.name}`} className="align-top">
              <td className="px-4 py-2.5">
                <code className="font-mono text-[13px] font-medium break-all text-slate-900">{row.name}</code>
                <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                  {row.schemaRef ? (
                    <a href={`#schema-${row.schemaRef}`} className="font-mono text-brand-600 hover:underline">
                      {row.type}
                    </a>
                  ) : (
                    <span className="font-mono">{row.type}</span>
                  )}
                  {row.location && <span>· in {row.location}</span>}
                  {row.required ? (
                    <span className="font-medium text-rose-600">required</span>
                  ) : (
                    <span className="text-slate-400">optional</span>
                  )}
                </div>
              </td>
              <td className="px-4 py-2.5 text-slate-600">
                {row.description ? (
                  <Inline text={row.description} />
                ) : (
                  !row.notes.length && <span className="text-slate-400">—</span>
                )}
                {row.notes.length > 0 && (
                  <ul className="mt-0.5 space-y-0.5 text-xs text-slate-500">
                    {row.notes.map((note) => (
                      <li key={note} className="font-mono break-all">
                        {note}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
