import type { ReactNode } from "react";
import Link from "next/link";
import { Wordmark } from "@/components/brand/wordmark";

const SECTIONS = [
  { href: "/docs/api", label: "API reference" },
  { href: "/docs/errors", label: "Errors" },
];

/** Public documentation: no sign-in, no dashboard chrome. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Link href="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-brand-600">
              <Wordmark />
            </Link>
            <span className="hidden text-sm text-slate-300 sm:inline">/</span>
            <span className="hidden text-sm font-medium text-slate-600 sm:inline">Docs</span>
          </div>
          <nav aria-label="Documentation" className="flex items-center gap-4 text-sm">
            {SECTIONS.map(({ href, label }) => (
              <Link key={href} href={href} className="text-slate-600 hover:text-slate-900">
                {label}
              </Link>
            ))}
            <Link href="/" className="rounded-lg bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
              Dashboard
            </Link>
          </nav>
        </div>
      </header>
      {children}
    </div>
  );
}
