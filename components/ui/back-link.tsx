import Link from "next/link";
import { ChevronLeftIcon } from "./icons";

/** The small "‹ Parent" link above a detail page's header. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="mb-4 inline-flex items-center gap-1 rounded text-[13px] text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ChevronLeftIcon className="size-3.5" />
      {children}
    </Link>
  );
}
