"use client";
import clsx from "clsx";
import Link from "next/link";
import { useState, type ComponentProps, type HTMLAttributes, type ReactNode } from "react";
import { Button } from "./button";
import { Table, TBody, TD, TH, THead, TR } from "./table";
import {
  ariaSort,
  nextSort,
  selectAllState,
  sortRows,
  toggleAll,
  toggleOne,
  type SortDirection,
  type SortState,
  type SortValue,
} from "./data-table-state";

export type { SortDirection, SortState } from "./data-table-state";

export type Column<T> = {
  /** Names the column (its React key) and, when it sorts, the sort it asks for (`SortState.key`). */
  id: string;
  header: ReactNode;
  /** A header only screen readers need, such as the row actions' "Actions". */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Hidden on narrow screens: below 640 px ("sm"), 768 px ("md") or 1024 px ("lg"). */
  hideBelow?: "sm" | "md" | "lg";
  /** As narrow as its content and on one line: row actions, dates. */
  shrink?: boolean;
  /** More classes for the column's cells, such as a max width that makes a long name truncate. */
  className?: string;
  /** The header becomes a sort button; with client-side sorting, `sortValue` orders the rows. */
  sortable?: boolean;
  sortValue?: (row: T) => SortValue;
  /** The direction a first press sorts in; names read best A–Z, counts and dates largest / newest first. */
  firstDirection?: SortDirection;
};

export type RowSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Names a row's checkbox for screen readers: "Select Ada Lovelace". */
  rowLabel: (row: T) => string;
  allLabel?: string;
};

/** The props a list's table takes from its page (`useListQuery`'s `table`) and its view (`empty`). */
export type ListTableProps<T> = { rows: readonly T[]; stale?: boolean; empty?: ReactNode };

type DataTableProps<T> = {
  /** `false` and `null` entries are skipped, so a column can depend on a permission inline. */
  columns: readonly (Column<T> | false | null | undefined)[];
  rows: readonly T[];
  /** A row's key; by default its `id`. */
  rowKey?: (row: T) => string;
  /** Attributes of a row: data-testid, a class, a click that opens it. */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "data-testid"?: string };
  /** A row that is not settled yet (created optimistically, still being saved): dimmed. */
  dimmed?: (row: T) => boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * Server-side sorting: the page holds the sort and fetches rows in that order. Without `onSortChange` the table
   * sorts the rows it has itself, starting from `sort`.
   */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: RowSelection<T>;
  /** The rows are a placeholder while the next page loads: dimmed. */
  stale?: boolean;
  "aria-label"?: string;
};

const idOf = (row: unknown) => String((row as { id: unknown }).id);

const hidden = { sm: "hidden sm:table-cell", md: "hidden md:table-cell", lg: "hidden lg:table-cell" } as const;

/**
 * One table for the dashboard's lists: columns, sorting (server- or client-side), row selection, an empty state, and
 * the narrow-screen rules of `Table` (it scrolls sideways by itself; columns can hide below a width).
 */
export function DataTable<T>({
  columns: maybeColumns,
  rows,
  rowKey = idOf,
  rowProps,
  dimmed,
  empty,
  sort: sortProp,
  onSortChange,
  selection,
  stale,
  "aria-label": ariaLabel,
}: DataTableProps<T>) {
  const columns = maybeColumns.filter((c): c is Column<T> => Boolean(c));
  const [ownSort, setOwnSort] = useState<SortState | null>(sortProp ?? null);
  const serverSorted = onSortChange !== undefined;
  const sort = serverSorted ? (sortProp ?? null) : ownSort;
  const changeSort = (column: Column<T>) => {
    const next = nextSort(sort, column.id, column.firstDirection);
    if (serverSorted) onSortChange(next);
    else setOwnSort(next);
  };
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;

  const sortColumn = columns.find((c) => c.id === sort?.key);
  const shown = serverSorted ? rows : sortRows(rows, sort, sortColumn?.sortValue);
  const keys = shown.map(rowKey);
  const cellClass = (c: Column<T>) =>
    clsx(
      c.align === "right" && "text-right",
      c.hideBelow && hidden[c.hideBelow],
      c.shrink && "w-px whitespace-nowrap",
      c.className,
    );

  return (
    <div className={stale ? "opacity-60 transition-opacity" : undefined}>
      <Table aria-label={ariaLabel}>
        <THead>
          <tr>
            {selection && (
              <TH className="w-px">
                <SelectAll keys={keys} selection={selection} />
              </TH>
            )}
            {columns.map((c) => (
              <TH
                key={c.id}
                className={clsx(c.align === "right" && "text-right", c.hideBelow && hidden[c.hideBelow])}
                aria-sort={c.sortable ? ariaSort(sort, c.id) : undefined}
              >
                {c.hideHeader ? (
                  <span className="sr-only">{c.header}</span>
                ) : c.sortable ? (
                  <SortButton column={c} sort={sort} onPress={() => changeSort(c)} />
                ) : (
                  c.header
                )}
              </TH>
            ))}
          </tr>
        </THead>
        <TBody>
          {shown.map((row, i) => {
            const key = keys[i]!;
            const { className, ...attributes } = rowProps?.(row) ?? {};
            return (
              <TR key={key} className={clsx(dimmed?.(row) && "opacity-60", className)} {...attributes}>
                {selection && (
                  <TD className="w-px">
                    <input
                      type="checkbox"
                      checked={selection.selected.has(key)}
                      onChange={() => selection.onChange(toggleOne(key, selection.selected))}
                      aria-label={selection.rowLabel(row)}
                      className={checkboxClasses}
                    />
                  </TD>
                )}
                {columns.map((c) => (
                  <TD key={c.id} className={cellClass(c)}>
                    {c.cell(row)}
                  </TD>
                ))}
              </TR>
            );
          })}
        </TBody>
      </Table>
    </div>
  );
}

const checkboxClasses =
  "size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600";

function SelectAll({ keys, selection }: { keys: string[]; selection: RowSelection<never> }) {
  const state = selectAllState(keys, selection.selected);
  return (
    <input
      type="checkbox"
      checked={state === "all" && keys.length > 0}
      // A partial selection shows as a dash; the DOM property has no attribute, so it is set on the element.
      ref={(el) => {
        if (el) el.indeterminate = state === "some";
      }}
      onChange={() => selection.onChange(toggleAll(keys, selection.selected))}
      aria-label={selection.allLabel ?? "Select all rows"}
      className={checkboxClasses}
    />
  );
}

function SortButton<T>({ column, sort, onPress }: { column: Column<T>; sort: SortState | null; onPress: () => void }) {
  const direction = sort?.key === column.id ? sort.direction : null;
  return (
    <button
      type="button"
      onClick={onPress}
      className={clsx(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 tracking-wide uppercase hover:text-slate-800",
        "focus-visible:outline-2 focus-visible:outline-brand-600",
        direction && "text-slate-800",
      )}
    >
      {column.header}
      <SortMark direction={direction} />
    </button>
  );
}

function SortMark({ direction }: { direction: SortDirection | null }) {
  // Both arrows while unsorted; the one against the order fades once sorted.
  const arrows = [
    { d: "M3 5 6 2l3 3", faded: direction === "desc" },
    { d: "m3 7 3 3 3-3", faded: direction === "asc" },
  ];
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false" className="size-3 shrink-0">
      {arrows.map(({ d, faded }) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth="1.5" opacity={faded ? 0.3 : 1} />
      ))}
    </svg>
  );
}

/** The row actions column: right-aligned, as narrow as its buttons, its header for screen readers only. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return { id: "actions", header: "Actions", hideHeader: true, align: "right", shrink: true, cell };
}

/** A long name cut to the cell's width, in full on hover. Give the cell (or this) a max width. */
export function Truncate({ text, className, children }: { text: string; className?: string; children?: ReactNode }) {
  return (
    <span className={clsx("block truncate", className)} title={text}>
      {children ?? text}
    </span>
  );
}

/** The classes of a row's main link (its name), cut to the cell's width like `Truncate`. */
export const rowLinkClasses =
  "block truncate rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

type LinkColumn<T> = Omit<Column<T>, "cell"> & {
  href: (row: T) => string;
  /** The row's name: the link's text, and its full text on hover. */
  text: (row: T) => string;
  /** What the link shows when it is not `text` itself, such as "(no subject)". */
  label?: (row: T) => ReactNode;
  /** A second line under the link, cut to the cell's width too. */
  detail?: (row: T) => string | null | undefined;
  linkClassName?: string;
};

/** The column of a row's main link (its name, cut to the cell's width), with an optional second line under it. */
export function linkColumn<T>({ href, text, label, detail, linkClassName, ...column }: LinkColumn<T>): Column<T> {
  return {
    ...column,
    cell: (row) => {
      const below = detail?.(row);
      return (
        <>
          <Link href={href(row)} title={text(row)} className={clsx(rowLinkClasses, linkClassName)}>
            {label ? label(row) : text(row)}
          </Link>
          {below && <Truncate text={below} className="text-[13px] text-slate-500" />}
        </>
      );
    },
  };
}

/** A small button in a row's actions cell; `danger` for the ones that remove or revoke. */
export function RowAction({ danger, className, ...props }: ComponentProps<typeof Button> & { danger?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={clsx(danger && "text-red-600 hover:bg-red-50 hover:text-red-700", className)}
      {...props}
    />
  );
}
