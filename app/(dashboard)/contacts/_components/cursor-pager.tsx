"use client";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon, ChevronRightIcon } from "@/components/ui/icons";
import { formatNumber } from "@/lib/format";

type CursorPagerProps = {
  page: number;
  shown: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/** Cursor paging has no total (counting 100,000 contacts per page view would cost more than the page itself). */
export function CursorPager({ page, shown, hasPrevious, hasNext, onPrevious, onNext }: CursorPagerProps) {
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-[13px] text-slate-500"
    >
      <p className="tabular-nums" aria-live="polite">
        Page {formatNumber(page)} · {formatNumber(shown)} {shown === 1 ? "contact" : "contacts"}
      </p>
      <div className="flex gap-1">
        <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!hasPrevious}>
          <ChevronLeftIcon className="size-3.5" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" onClick={onNext} disabled={!hasNext}>
          Next
          <ChevronRightIcon className="size-3.5" />
        </Button>
      </div>
    </nav>
  );
}
