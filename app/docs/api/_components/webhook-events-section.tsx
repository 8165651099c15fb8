import clsx from "clsx";
import {
  deref,
  eventAnchor,
  exampleOf,
  flattenFields,
  type Doc,
  type Operation,
  type RequestBody,
  type WebhookEvent,
} from "../_lib/openapi";
import { Inline, Markdown } from "@/components/docs/markdown";
import { FieldTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { parameterRows } from "./operation-section";

type Response = Exclude<NonNullable<Operation["responses"]>[string], { $ref: string }>;

/** 2XX first, then the specific statuses, `default` last: the order a receiver reads them in. */
function statusRank(status: string): number {
  if (/^2/.test(status)) return 0;
  if (status === "default") return 2;
  return 1;
}

function EventCard({ doc, type, op }: { doc: Doc; type: string; op: Operation }) {
  const anchor = eventAnchor(type);
  // With notes: the signature header's example shows its format better than words.
  const headers = parameterRows(doc, op, { withNotes: true });
  const body = op.requestBody ? deref<RequestBody>(doc, op.requestBody) : undefined;
  const schema = body?.content?.["application/json"]?.schema;
  const fields = schema ? flattenFields(doc, schema).map((r) => ({ ...r, name: r.path })) : [];
  const responses = Object.entries(op.responses ?? {})
    .map(([status, raw]) => [status, deref<Response>(doc, raw)] as const)
    .sort(([a], [b]) => statusRank(a) - statusRank(b));

  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="-mx-4 mt-6 scroll-mt-20 border-y border-slate-200 px-4 py-5 sm:mx-0 sm:rounded-xl sm:border sm:p-6"
    >
      <h3 id={`${anchor}-title`} className="font-mono text-base font-semibold break-all text-slate-900">
        {type}
      </h3>
      <div className="mt-2 flex items-center gap-2 text-sm text-slate-500">
        <MethodBadge method="post" />
        <span>to the webhook&apos;s url</span>
      </div>
      {op.summary && op.summary !== type && <p className="mt-3 text-sm font-medium text-slate-800">{op.summary}</p>}
      {op.description && (
        <Markdown text={op.description} className="mt-3 max-w-3xl text-sm leading-relaxed text-slate-600" />
      )}

      {schema && (
        <div className="mt-5">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">
            Body <span className="font-normal text-slate-500">application/json</span>
          </h4>
          <FieldTable rows={fields} caption={`Body fields of the ${type} event`} />
          <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Example body</h4>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100">
            <code>{JSON.stringify(exampleOf(doc, schema), null, 2)}</code>
          </pre>
        </div>
      )}

      {headers.length > 0 && (
        <details className="mt-5">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 hover:text-slate-700">
            Headers <span className="font-normal text-slate-500">({headers.length})</span>
          </summary>
          <div className="mt-2">
            <FieldTable rows={headers} caption={`Headers sent with the ${type} event`} />
          </div>
        </details>
      )}

      {responses.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900 hover:text-slate-700">
            Your response
          </summary>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {responses.map(([status, response]) => (
              <li key={status} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
                <span
                  className={clsx(
                    "font-mono text-[13px] font-semibold tabular-nums",
                    status.startsWith("2") ? "text-emerald-700" : "text-amber-700",
                  )}
                >
                  {status}
                </span>
                <span className="min-w-0 flex-1 text-slate-600">
                  {response?.description && <Inline text={response.description} />}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** The OpenAPI `webhooks` section: what Sendwell POSTs to a webhook's url, one card per event type. */
export function WebhookEventsSection({
  doc,
  events,
  guideHref,
}: {
  doc: Doc;
  events: WebhookEvent[];
  /** The section with the receiver's guide (signing, verification, retries), when the page has one. */
  guideHref?: string;
}) {
  if (events.length === 0) return null;
  return (
    <section id="webhook-events" aria-labelledby="webhook-events-title" className="mt-16 scroll-mt-20">
      <h2 id="webhook-events-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Webhook events
      </h2>
      <div className="mt-3 max-w-3xl space-y-3 text-[15px] leading-relaxed text-slate-600">
        <p>
          Sendwell sends each event as a JSON{" "}
          <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">POST</code> to the url of
          every active webhook subscribed to its type, one request per webhook.
        </p>
        <p>
          Every request is signed.{" "}
          {guideHref ? (
            <>
              See{" "}
              <a href={guideHref} className="text-brand-600 hover:underline">
                Webhooks
              </a>{" "}
              for verifying the signature, retries and automatic disabling.
            </>
          ) : (
            "Verify the signature before trusting the body."
          )}
        </p>
      </div>
      {events.map(({ type, op }) => (
        <EventCard key={type} doc={doc} type={type} op={op} />
      ))}
    </section>
  );
}
