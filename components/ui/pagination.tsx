"use client";
import { useId } from "react";
import { formatNumber } from "@/lib/format";
import { Button } from "./button";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { Select } from "./select";

type PaginationProps = {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange?: (limit: number) => void;
  limits?: number[];
};

export function Pagination({
  page,
  totalPages,
  total,
  limit,
  onPageChange,
  onLimitChange,
  limits = [10, 20, 50, 100],
}: PaginationProps) {
  const limitId = useId();
  const pages = Math.max(totalPages, 1);
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-[13px] text-slate-500"
    >
      <p className="tabular-nums">
        {total === 0 ? "No results" : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {onLimitChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={limitId} className="whitespace-nowrap">
              Rows per page
            </label>
            <Select
              id={limitId}
              value={limit}
              onChange={(e) => onLimitChange(Number(e.target.value))}
              className="h-8 w-auto text-[13px]"
            >
              {limits.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </div>
        )}
        <span className="tabular-nums" aria-live="polite">
          Page {formatNumber(Math.min(page, pages))} of {formatNumber(pages)}
        </span>
        <div className="flex gap-1">
          <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
            <ChevronLeftIcon className="size-3.5" />
            Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
            Next
            <ChevronRightIcon className="size-3.5" />
          </Button>
        </div>
      </div>
    </nav>
  );
}

type PageFooterProps = {
  /** An offset page of the API (`{total, totalPages}`); nothing is shown while it is empty. */
  result: { total: number; totalPages: number };
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** Without it the page size is fixed and the footer shows only when there is more than one page. */
  onLimitChange?: (limit: number) => void;
};

/** The bordered pagination row under a card's table of an offset-paginated list; a new page size starts at page 1. */
export function PageFooter({ result, page, limit, onPageChange, onLimitChange }: PageFooterProps) {
  if (onLimitChange ? result.total === 0 : result.totalPages <= 1) return null;
  return (
    <div className="border-t border-slate-200">
      <Pagination
        page={page}
        totalPages={result.totalPages}
        total={result.total}
        limit={limit}
        onPageChange={onPageChange}
        onLimitChange={onLimitChange && ((l) => (onLimitChange(l), onPageChange(1)))}
      />
    </div>
  );
}
