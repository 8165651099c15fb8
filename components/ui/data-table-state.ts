// The pure parts of <DataTable>: how a header press moves the sort, how rows are ordered client-side, and what the
// select-all checkbox shows and does. Kept apart from the component so they are tested without a browser.

export type SortDirection = "asc" | "desc";
export type SortState = { key: string; direction: SortDirection };
export type SortValue = string | number | boolean | Date | null | undefined;

/**
 * A press on a header: the sorted column flips, another column starts in its own first direction (names read
 * best A–Z, counts and dates largest / newest first).
 */
export function nextSort(current: SortState | null | undefined, key: string, first: SortDirection = "asc"): SortState {
  if (current?.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: first };
}

/** The header's aria-sort: only the sorted column says a direction; the other sortable ones say "none". */
export function ariaSort(current: SortState | null | undefined, key: string): "ascending" | "descending" | "none" {
  if (current?.key !== key) return "none";
  return current.direction === "asc" ? "ascending" : "descending";
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Empty values (null, undefined, "") go last in either direction: a blank at the top answers nothing. */
function compare(a: SortValue, b: SortValue, direction: SortDirection): number {
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const sign = direction === "asc" ? 1 : -1;
  if (typeof a === "string" && typeof b === "string") return sign * collator.compare(a, b);
  const x = a instanceof Date ? a.getTime() : Number(a);
  const y = b instanceof Date ? b.getTime() : Number(b);
  return sign * (x - y);
}

/** Rows in the order of `sort` by `value`; a stable sort, so equal rows keep the server's order. */
export function sortRows<T>(rows: readonly T[], sort: SortState | null | undefined, value?: (row: T) => SortValue) {
  if (!sort || !value) return rows;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => compare(a.v, b.v, sort.direction) || a.index - b.index)
    .map(({ row }) => row);
}

export type SelectAllState = "none" | "some" | "all";

/** What the select-all checkbox shows for the rows on screen (a selection may also hold rows of other pages). */
export function selectAllState(keys: readonly string[], selected: ReadonlySet<string>): SelectAllState {
  const count = keys.filter((k) => selected.has(k)).length;
  return count === 0 ? "none" : count === keys.length ? "all" : "some";
}

/** Select-all pressed: every row on screen is selected, or, when all already were, none of them is. */
export function toggleAll(keys: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (selectAllState(keys, selected) === "all") for (const k of keys) next.delete(k);
  else for (const k of keys) next.add(k);
  return next;
}

export function toggleOne(key: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (!next.delete(key)) next.add(key);
  return next;
}
