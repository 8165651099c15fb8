import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Inline } from "@/components/docs/markdown";
import { ERROR_DOCS, errorDoc } from "../_lib/error-docs";

type Props = { params: Promise<{ status: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return ERROR_DOCS.map((d) => ({ status: String(d.status) }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const doc = errorDoc(Number((await params).status));
  return { title: doc ? `${doc.status} ${doc.title}` : "Error" };
}

export default async function ErrorStatusPage({ params }: Props) {
  const { status } = await params;
  const doc = /^\d{3}$/.test(status) ? errorDoc(Number(status)) : undefined;
  if (!doc) notFound();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link href="/docs/errors" className="text-sm text-brand-600 hover:underline">
        ← All errors
      </Link>
      <p className="mt-6 font-mono text-sm font-semibold text-amber-700">HTTP {doc.status}</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">{doc.title}</h1>
      <p className="mt-4 text-[15px] leading-relaxed text-slate-600">
        <Inline text={doc.summary} />
      </p>
      <BulletSection title="Common causes" items={doc.causes} className="mt-10" />
      <BulletSection title="How to fix it" items={doc.fix} className="mt-8" />
      <h2 className="mt-8 text-base font-semibold text-slate-900">The response body</h2>
      <p className="mt-3 text-[15px] text-slate-600">
        Every error of the API is an RFC 7807 problem (application/problem+json):
      </p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>
          {JSON.stringify(
            {
              type: `…/docs/errors/${doc.status}`,
              title: doc.title,
              status: doc.status,
              detail: "A sentence saying what went wrong in this request.",
              instance: "/api/v1/tags",
              ...(doc.status === 422 ? { errors: [{ pointer: "#/name", detail: "Must not be empty." }] } : {}),
            },
            null,
            2,
          )}
        </code>
      </pre>
    </main>
  );
}

/** A heading and its points, each point inline markdown. */
function BulletSection({ title, items, className }: { title: string; items: readonly string[]; className: string }) {
  return (
    <>
      <h2 className={`${className} text-base font-semibold text-slate-900`}>{title}</h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-[15px] text-slate-600">
        {items.map((item) => (
          <li key={item}>
            <Inline text={item} />
          </li>
        ))}
      </ul>
    </>
  );
}
