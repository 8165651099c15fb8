import Link from "next/link";
import clsx from "clsx";
import {
  anchorOf,
  deref,
  exampleOf,
  flattenFields,
  notesOf,
  schemaOf,
  typeLabel,
  type Doc,
  type Method,
  type Operation,
} from "../_lib/openapi";
import { FieldTable, type FieldTableRow } from "./field-table";
import { Markdown } from "@/components/docs/markdown";
import { MethodBadge } from "./method-badge";

type Parameter = Exclude<NonNullable<Operation["parameters"]>[number], { $ref: string }>;
type Response = Exclude<NonNullable<Operation["responses"]>[string], { $ref: string }>;
type RequestBody = Exclude<NonNullable<Operation["requestBody"]>, { $ref: string }>;

/** `withNotes` adds each schema's constraints and example, as body field rows have them. */
export function parameterRows(doc: Doc, op: Operation, { withNotes = false } = {}): FieldTableRow[] {
  return (op.parameters ?? [])
    .map((p) => deref<Parameter>(doc, p))
    .filter((p): p is Parameter => Boolean(p))
    .map((p) => ({
      name: p.name,
      location: p.in,
      type: p.schema ? typeLabel(doc, p.schema) : "string",
      required: Boolean(p.required),
      description: p.description,
      notes: withNotes && p.schema ? notesOf(schemaOf(doc, p.schema) ?? {}) : [],
    }));
}

function curlOf(doc: Doc, method: Method, path: string, body: RequestBody | undefined): string {
  const server = doc.servers?.[0]?.url ?? "";
  const url = server + path.replace(/\{(\w+)\}/g, (_m, name: string) => `<${name}>`);
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${url}"`, `  -H "X-API-Key: sw_…"`];
  const schema = body?.content?.["application/json"]?.schema;
  if (schema) lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(exampleOf(doc, schema))}'`);
  return lines.join(" \\\n");
}

export function OperationSection({ doc, method, path, op }: { doc: Doc; method: Method; path: string; op: Operation }) {
  const params = parameterRows(doc, op);
  const body = op.requestBody ? deref<RequestBody>(doc, op.requestBody) : undefined;
  const bodySchema = body?.content?.["application/json"]?.schema;
  const bodyRows = bodySchema ? flattenFields(doc, bodySchema) : [];
  const toRows = (rows: ReturnType<typeof flattenFields>) => rows.map((r) => ({ ...r, name: r.path }));
  // The key scope the operation needs (server/openapi/shared.ts renders it as this extension).
  const scope = (op as { "x-required-scope"?: string })["x-required-scope"];

  return (
    <section
      id={anchorOf(method, path)}
      aria-labelledby={`${anchorOf(method, path)}-title`}
      className="scroll-mt-20 border-t border-slate-200 py-10"
    >
      <h3 id={`${anchorOf(method, path)}-title`} className="text-lg font-semibold text-slate-900">
        {op.summary ?? `${method.toUpperCase()} ${path}`}
      </h3>
      <div className="mt-2 flex items-center gap-2">
        <MethodBadge method={method} />
        <code className="font-mono text-sm break-all text-slate-800">{path}</code>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-500">
        {op.operationId && (
          <div className="flex gap-1.5">
            <dt>operationId</dt>
            <dd>
              <code className="font-mono text-slate-700">{op.operationId}</code>
            </dd>
          </div>
        )}
        {scope && (
          <div className="flex gap-1.5">
            <dt>Scope</dt>
            <dd>
              <code className="font-mono text-slate-700">{scope}</code>
            </dd>
          </div>
        )}
      </dl>
      {op.description && (
        <Markdown text={op.description} className="mt-4 max-w-3xl text-sm leading-relaxed text-slate-600" />
      )}

      <pre className="mt-5 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{curlOf(doc, method, path, body)}</code>
      </pre>

      {params.length > 0 && (
        <div className="mt-6">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">Parameters</h4>
          <FieldTable rows={params} caption={`Parameters of ${method.toUpperCase()} ${path}`} />
        </div>
      )}
      {bodySchema && (
        <div className="mt-6">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">
            Request body <span className="font-normal text-slate-500">application/json</span>
          </h4>
          {schemaOf(doc, bodySchema)?.description && (
            <p className="mb-2 text-sm text-slate-600">{schemaOf(doc, bodySchema)?.description}</p>
          )}
          <FieldTable rows={toRows(bodyRows)} caption={`Request body of ${method.toUpperCase()} ${path}`} />
        </div>
      )}

      <div className="mt-6">
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Responses</h4>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {Object.entries(op.responses ?? {}).map(([status, raw]) => {
            const response = deref<Response>(doc, raw);
            const json = response?.content?.["application/json"]?.schema;
            const ok = status.startsWith("2");
            return (
              <li key={status} className="px-4 py-2.5 text-sm">
                <div className="flex flex-wrap items-baseline gap-3">
                  <span
                    className={clsx(
                      "font-mono text-[13px] font-semibold tabular-nums",
                      ok ? "text-emerald-700" : "text-amber-700",
                    )}
                  >
                    {status}
                  </span>
                  <span className="text-slate-600">{response?.description}</span>
                  {!ok && (
                    <Link href={`/docs/errors/${status}`} className="ml-auto text-xs text-brand-600 hover:underline">
                      About {status}
                    </Link>
                  )}
                </div>
                {json && (
                  <details className="mt-2 group" open={ok}>
                    <summary className="cursor-pointer text-xs font-medium text-slate-500 hover:text-slate-800">
                      Response fields <span className="font-mono">({typeLabel(doc, json)})</span>
                    </summary>
                    <div className="mt-2">
                      <FieldTable
                        rows={toRows(flattenFields(doc, json))}
                        caption={`Fields of the ${status} response`}
                      />
                    </div>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
