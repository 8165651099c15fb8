// The report's "Suppressed by rules" figure: how many recipients the workspace's deliverability rules stopped
// mailing because of this email's bounces and complaints, and by which rule (Settings → Deliverability).
import Link from "next/link";
import type { SuppressionRule } from "@/lib/schemas/deliverability-rules";
import { formatNumber } from "@/lib/format";

type Counts = { total: number } & Record<SuppressionRule, number>;

/** "Suppressed by the …" as the recipients list words each rule. */
export const SUPPRESSED_BY: Record<SuppressionRule, string> = {
  hard_bounce: "hard-bounce rule",
  soft_bounces: "soft-bounce rule",
  complaint: "complaint rule",
};

export function SuppressedFigure({ counts }: { counts: Counts }) {
  const parts = [
    counts.hard_bounce > 0 &&
      `${formatNumber(counts.hard_bounce)} hard ${counts.hard_bounce === 1 ? "bounce" : "bounces"}`,
    counts.soft_bounces > 0 && `${formatNumber(counts.soft_bounces)} after repeated soft bounces`,
    counts.complaint > 0 &&
      `${formatNumber(counts.complaint)} spam ${counts.complaint === 1 ? "complaint" : "complaints"}`,
  ].filter(Boolean);
  return (
    <dl className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs">
      <dt className="text-xs text-slate-500">Suppressed by rules</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums" data-testid="suppressed-by-rules">
        {formatNumber(counts.total)}
      </dd>
      <dd className="text-xs text-slate-500">
        {parts.length > 0 ? parts.join(" · ") : "No contact was suppressed by this email's bounces or complaints"} ·{" "}
        <Link href="/settings/deliverability" className="font-medium text-brand-700 underline">
          The rules
        </Link>
      </dd>
    </dl>
  );
}
