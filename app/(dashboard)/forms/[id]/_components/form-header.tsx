"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import clsx from "clsx";
import { useQuery } from "@tanstack/react-query";
import type { Form } from "@/lib/schemas/forms";
import { FORM_TYPE_LABELS, FormStatusBadge } from "@/components/forms/status-badge";
import { BackLink } from "@/components/ui/back-link";
import { unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { getFormAction } from "@/features/form-builder/actions/builder-actions";

/**
 * The form's name, status and counters above its tabs. It reads the same cached form the builder saves into, so a
 * rename or a publish shows here at once.
 */
export function FormHeader({ workspaceId, initial }: { workspaceId: string; initial: Form }) {
  const pathname = usePathname();
  const { data: form = initial } = useQuery({
    queryKey: queryKeys.forms.detail(workspaceId, initial.id),
    queryFn: async () => unwrap(await getFormAction({ id: initial.id })),
    initialData: initial,
  });
  const base = `/forms/${form.id}`;
  const tabs = [
    { href: base, label: "Builder" },
    { href: `${base}/submissions`, label: "Submissions" },
    { href: `${base}/analytics`, label: "Analytics" },
  ];
  return (
    <>
      <BackLink href="/forms">Forms</BackLink>
      <div className="mb-4 flex flex-wrap items-center gap-2.5">
        <h1 className="min-w-0 text-xl font-semibold tracking-tight break-words text-slate-900">{form.name}</h1>
        <FormStatusBadge status={form.status} />
        <span className="text-sm text-slate-500">
          {FORM_TYPE_LABELS[form.type]} · {formatNumber(form.viewsCount)} view{form.viewsCount === 1 ? "" : "s"} ·{" "}
          {formatNumber(form.submissionsCount)} submission{form.submissionsCount === 1 ? "" : "s"}
        </span>
      </div>
      <nav aria-label="Form sections" className="mb-6 flex gap-5 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = pathname === tab.href;
          return (
            <Link
              key={tab.href}
              href={tab.href}
              aria-current={active ? "page" : undefined}
              className={clsx(
                "-mb-px border-b-2 px-0.5 pt-1.5 pb-2.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600",
                active
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
              )}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
    </>
  );
}
