import Link from "next/link";
import { Wordmark } from "@/components/brand/wordmark";
import { buttonClasses } from "@/components/ui/button-classes";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Wordmark />
      <p className="mt-10 font-mono text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">This page does not exist</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">The link may be old, or the address mistyped.</p>
      <div className="mt-8 flex gap-3">
        <Link href="/" className={buttonClasses("primary")}>
          Go to the dashboard
        </Link>
        <Link href="/docs/api" className={buttonClasses("secondary")}>
          API reference
        </Link>
      </div>
    </main>
  );
}
