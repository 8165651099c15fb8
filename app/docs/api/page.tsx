import type { Metadata } from "next";
import Link from "next/link";
import { openApiDocument } from "@/server/openapi/document";
import {
  anchorOf,
  eventAnchor,
  eventBodySchemas,
  METHODS,
  tagAnchor,
  tagDescriptions,
  webhookEventsOf,
  type Method,
  type Operation,
} from "./_lib/openapi";
import { Markdown } from "@/components/docs/markdown";
import { MethodBadge } from "./_components/method-badge";
import { OperationSection } from "./_components/operation-section";
import { Prose } from "./_components/prose";
import { SchemasSection } from "./_components/schemas-section";
import { WebhookEventsSection } from "./_components/webhook-events-section";

export const metadata: Metadata = { title: "API reference" };
// The servers URL comes from APP_URL at run time, not at build time.
export const dynamic = "force-dynamic";

type Entry = { method: Method; path: string; op: Operation };

function groupByTag(paths: ReturnType<typeof openApiDocument>["paths"]): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }
  return [...groups];
}

/** The sections above the operations, in the page's order. */
const INTRO_SECTIONS = [
  { id: "introduction", title: "Introduction" },
  { id: "authentication", title: "Authentication" },
];

export default function ApiReferencePage() {
  const doc = openApiDocument();
  const groups = groupByTag(doc.paths);
  const descriptions = tagDescriptions(doc);
  const events = webhookEventsOf(doc);
  const eventBodies = eventBodySchemas(doc, events);
  // The events' tag holds the receiver's guide (signing, verification, retries); link to it if it is on the page.
  const eventsTag = events[0]?.op.tags?.[0];
  const guideHref = eventsTag && groups.some(([tag]) => tag === eventsTag) ? `#${tagAnchor(eventsTag)}` : undefined;
  const apiKey = doc.components?.securitySchemes?.ApiKey;
  const header = apiKey && !("$ref" in apiKey) ? apiKey : undefined;

  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-4 sm:px-6">
      <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-56 shrink-0 overflow-y-auto py-8 lg:block">
        <nav aria-label="On this page" className="text-sm">
          {INTRO_SECTIONS.map(({ id, title }) => (
            <a key={id} href={`#${id}`} className="block py-1 text-slate-600 hover:text-slate-900">
              {title}
            </a>
          ))}
          {groups.map(([tag, entries]) => (
            <div key={tag} className="mt-5">
              <a
                href={`#${tagAnchor(tag)}`}
                className="block py-1 text-xs font-semibold tracking-wider text-slate-400 uppercase hover:text-slate-700"
              >
                {tag}
              </a>
              {entries.map(({ method, path, op }) => (
                <a
                  key={`${method}${path}`}
                  href={`#${anchorOf(method, path)}`}
                  className="flex items-center gap-2 py-1 text-slate-600 hover:text-slate-900"
                >
                  <MethodBadge method={method} className="w-12 text-[10px]" />
                  <span className="truncate">{op.summary ?? path}</span>
                </a>
              ))}
            </div>
          ))}
          {events.length > 0 && (
            <>
              <a
                href="#webhook-events"
                className="mt-5 block py-1 text-xs font-semibold tracking-wider text-slate-400 uppercase hover:text-slate-700"
              >
                Webhook events
              </a>
              {events.map(({ type }) => (
                <a
                  key={type}
                  href={`#${eventAnchor(type)}`}
                  className="block truncate py-1 font-mono text-[13px] text-slate-600 hover:text-slate-900"
                >
                  {type}
                </a>
              ))}
            </>
          )}
          <a
            href="#schemas"
            className="mt-5 block py-1 text-xs font-semibold tracking-wider text-slate-400 uppercase hover:text-slate-700"
          >
            Schemas
          </a>
          {Object.keys(doc.components?.schemas ?? {})
            .filter((name) => !eventBodies.has(name))
            .map((name) => (
              <a
                key={name}
                href={`#schema-${name}`}
                className="block py-1 font-mono text-[13px] text-slate-600 hover:text-slate-900"
              >
                {name}
              </a>
            ))}
        </nav>
      </aside>

      <main className="min-w-0 flex-1 py-10">
        <section id="introduction" className="scroll-mt-20">
          <p className="text-sm font-medium text-brand-600">Version {doc.info.version}</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{doc.info.title}</h1>
          {doc.info.description && (
            <Markdown
              text={doc.info.description}
              className="mt-5 max-w-3xl text-[15px] leading-relaxed text-slate-600"
            />
          )}
          <dl className="mt-6 grid max-w-3xl gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-5 py-4 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-slate-900">Base URL</dt>
            <dd className="font-mono break-all text-slate-700">{doc.servers?.[0]?.url}</dd>
            <dt className="font-medium text-slate-900">OpenAPI document</dt>
            <dd>
              <a href="/api/v1/openapi.json" className="font-mono text-brand-600 hover:underline">
                /api/v1/openapi.json
              </a>
            </dd>
            <dt className="font-medium text-slate-900">Errors</dt>
            <dd>
              <Link href="/docs/errors" className="text-brand-600 hover:underline">
                What each status means
              </Link>
            </dd>
          </dl>
        </section>

        <section id="authentication" className="mt-12 scroll-mt-20">
          <h2 className="text-xl font-semibold text-slate-900">Authentication</h2>
          <div className="mt-3 max-w-3xl space-y-3 text-[15px] leading-relaxed text-slate-600">
            <p>
              Send a workspace API key in the{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">
                {header?.name ?? "X-API-Key"}
              </code>{" "}
              header of every request. Keys are never accepted in the query string.
            </p>
            {header?.description && <Markdown text={header.description} />}
            <p>
              Each operation states the scope it needs (below, and as{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">x-required-scope</code>{" "}
              in the document). A <strong className="font-semibold text-slate-900">read</strong> key may call every
              operation that changes nothing: every GET, and the segment preview. The others need a{" "}
              <strong className="font-semibold text-slate-900">write</strong> key. A missing, malformed or revoked key
              is a 401; a read key on a write operation is a 403.
            </p>
          </div>
          <pre className="mt-4 max-w-3xl overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-[13px] text-slate-100">
            <code>{`curl -H "X-API-Key: sw_…" ${doc.servers?.[0]?.url ?? ""}/api/v1/tags`}</code>
          </pre>
        </section>

        {groups.map(([tag, entries]) => (
          <section
            key={tag}
            id={tagAnchor(tag)}
            aria-labelledby={`${tagAnchor(tag)}-title`}
            className="mt-16 scroll-mt-20"
          >
            <h2 id={`${tagAnchor(tag)}-title`} className="text-2xl font-semibold tracking-tight text-slate-900">
              {tag}
            </h2>
            {descriptions.get(tag) && (
              <Prose
                text={descriptions.get(tag) ?? ""}
                className="mt-4 mb-2 max-w-3xl text-[15px] leading-relaxed wrap-break-word text-slate-600"
              />
            )}
            {entries.map(({ method, path, op }) => (
              <OperationSection key={`${method}${path}`} doc={doc} method={method} path={path} op={op} />
            ))}
          </section>
        ))}

        <WebhookEventsSection doc={doc} events={events} guideHref={guideHref} />

        <SchemasSection doc={doc} eventBodies={eventBodies} />
      </main>
    </div>
  );
}
