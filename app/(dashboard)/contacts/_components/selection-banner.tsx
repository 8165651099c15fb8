"use client";
import { formatNumber } from "@/lib/format";

type SelectionBannerProps = {
  pageCount: number;
  matching: number;
  allMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
};

const link =
  "rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * Gmail's pattern: selecting the page offers every contact matching the filters, and selecting those offers the way
 * back. Shown only when more contacts match than the page holds.
 */
export function SelectionBanner({
  pageCount,
  matching,
  allMatching,
  onSelectAllMatching,
  onClear,
}: SelectionBannerProps) {
  return (
    <div className="border-b border-slate-200 bg-slate-50 px-5 py-2 text-center text-sm text-slate-700" role="status">
      {allMatching ? (
        <>
          All {formatNumber(matching)} matching are selected.{" "}
          <button type="button" className={link} onClick={onClear}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          All {formatNumber(pageCount)} on this page are selected.{" "}
          <button type="button" className={link} onClick={onSelectAllMatching}>
            Select all {formatNumber(matching)} matching
          </button>
        </>
      )}
    </div>
  );
}
