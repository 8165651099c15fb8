import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/format";

type LiveCountProps = {
  count: number | null;
  updating: boolean;
  message: string | null;
  empty: boolean;
  /** Conditions left out of the count until they are finished. */
  unfinished: number;
  /** Every condition is unfinished: there is nothing to count yet. */
  nothingToCount: boolean;
};

const finish = (n: number) => (n === 1 ? "Finish the condition to count it." : "Finish the conditions to count them.");

/** Announced politely as it changes, so a screen-reader user hears the effect of each rule edit. */
export function LiveCount({ count, updating, message, empty, unfinished, nothingToCount }: LiveCountProps) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <p role="status" data-testid="segment-count" className="min-w-0 text-slate-900">
        {empty ? (
          <span className="text-sm text-slate-500">Add a condition to count contacts.</span>
        ) : nothingToCount ? (
          <span className="text-sm text-slate-500">{finish(unfinished)}</span>
        ) : count === null ? (
          <span className={message ? "text-sm text-red-600" : "text-sm text-slate-500"}>{message ?? "Counting…"}</span>
        ) : (
          <>
            <span className="text-xl font-semibold tabular-nums">{formatNumber(count)}</span>{" "}
            <span className="text-sm text-slate-600">{count === 1 ? "contact matches" : "contacts match"}</span>
            {unfinished > 0 && (
              <span className="block text-[13px] text-slate-500">
                {unfinished === 1 ? "One condition is" : `${unfinished} conditions are`} not counted yet.{" "}
                {finish(unfinished)}
              </span>
            )}
          </>
        )}
      </p>
      {updating && <Spinner className="size-3.5 shrink-0 text-slate-400" />}
    </div>
  );
}
