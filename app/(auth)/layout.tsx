import type { ReactNode } from "react";
import { Wordmark } from "@/components/brand/wordmark";
import { MAIN_ID, SkipLink } from "@/components/ui/skip-link";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50/60 to-slate-50 px-4 py-12 focus:outline-none"
      >
        <div className="mb-8">
          <Wordmark size="lg" />
        </div>
        <div className="w-full max-w-sm">{children}</div>
        <p className="mt-10 text-xs text-slate-400">Open-source email marketing you run yourself.</p>
      </main>
    </>
  );
}
