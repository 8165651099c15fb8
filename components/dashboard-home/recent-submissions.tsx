// The home page's last form submissions: who, through which form (linking to its submissions), and when.
import Link from "next/link";
import type { RecentSubmission } from "@/lib/broadcast-report";
import { RelativeTime } from "@/components/ui/relative-time";

export function RecentSubmissions({ submissions }: { submissions: RecentSubmission[] }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Last form submissions">
      {submissions.map((s) => (
        <li
          key={s.id}
          className="flex items-baseline justify-between gap-3 px-5 py-2.5 text-sm"
          data-testid="home-submission"
        >
          <span className="min-w-0">
            <Link
              href={`/contacts/${s.contactId}`}
              className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {s.email}
            </Link>
            <Link
              href={`/forms/${s.formId}/submissions`}
              className="block truncate text-[13px] text-slate-500 hover:text-brand-700 hover:underline"
            >
              {s.formName}
            </Link>
          </span>
          <RelativeTime iso={s.submittedAt} className="shrink-0 text-[13px] text-slate-500" />
        </li>
      ))}
    </ul>
  );
}
