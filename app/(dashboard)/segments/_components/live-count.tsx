import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/format";

type LiveCountProps = { count: number | null; updating: boolean; message: string | null; empty: boolean };

/** Announced politely as it changes, so a screen-reader user hears the effect of each rule edit. */
export function LiveCount({ count, updating, message, empty }: LiveCountProps) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <p role="status" data-testid="segment-count" className="min-w-0 text-slate-900">
        {empty ? (
          <span className="text-sm text-slate-500">Add a condition to count contacts.</span>
        ) : count === null ? (
          <span className={message ? "text-sm text-red-600" : "text-sm text-slate-500"}>{message ?? "Counting…"}</span>
        ) : (
          <>
            <span className="text-xl font-semibold tabular-nums">{formatNumber(count)}</span>{" "}
            <span className="text-sm text-slate-600">{count === 1 ? "contact matches" : "contacts match"}</span>
          </>
        )}
      </p>
      {updating && <Spinner className="size-3.5 shrink-0 text-slate-400" />}
    </div>
  );
}
