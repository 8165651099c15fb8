import type { Metadata } from "next";
import Link from "next/link";
import { ERROR_DOCS } from "./_lib/error-docs";

export const metadata: Metadata = { title: "API errors" };

export default function ErrorsIndexPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">API errors</h1>
      <p className="mt-4 text-[15px] leading-relaxed text-slate-600">
        Every error response is a problem body whose{" "}
        <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">type</code> links to one of these pages.
      </p>
      <ul className="mt-8 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {ERROR_DOCS.map((d) => (
          <li key={d.status}>
            <Link href={`/docs/errors/${d.status}`} className="flex items-baseline gap-4 px-5 py-3 hover:bg-slate-50">
              <span className="w-10 font-mono text-sm font-semibold text-amber-700 tabular-nums">{d.status}</span>
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{d.title}</span>
                <span className="block text-sm text-slate-500">{d.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
