"use client";
// The state and the query of the dashboard's paged lists, in one place: the page, its size and the search box, a
// query that shows the server-rendered first page until something changes and keeps the old rows (dimmed) while
// the next ones load, and the page clamped back when the list has shrunk under it.
import { useState } from "react";
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** A list's page, page size and search (the typed text, and the trimmed text once typing pauses). */
export function useListState(initial: { page?: number; limit: number }) {
  const firstPage = initial.page ?? 1;
  const [page, setPage] = useState(firstPage);
  const [limit, setLimit] = useState(initial.limit);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  /** Wraps a filter's setter: every filter change starts again at page 1. */
  const filter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    page,
    setPage,
    limit,
    setLimit,
    searchInput,
    setSearchInput: filter(setSearchInput),
    search,
    filter,
    /** Page, size and search are those the server rendered the first page with. */
    atStart: page === firstPage && limit === initial.limit && search === "",
  };
}

export type ListState = ReturnType<typeof useListState>;

/** An offset page of the API: its rows and counts. */
export type ListPage<Row> = { data: Row[]; total: number; totalPages: number };

type ListQueryOptions<TData, Row> = {
  list: ListState;
  queryKey: QueryKey;
  queryFn: () => Promise<TData>;
  /** The page the server rendered; shown until the first fetch, and as the query's data while `isInitial`. */
  initial: TData;
  /** The parameters are those `initial` was rendered with; by default, when page, size and search are. */
  isInitial?: boolean;
  /** Where the page is, when the data wraps it (with more beside it). */
  pageOf?: (data: TData) => ListPage<Row>;
  refetchInterval?: UseQueryOptions<TData, Error, TData, QueryKey>["refetchInterval"];
  enabled?: boolean;
};

export function useListQuery<TData extends object, Row = TData extends ListPage<infer R> ? R : never>({
  list,
  queryKey,
  queryFn,
  initial,
  isInitial = list.atStart,
  pageOf = (data) => data as unknown as ListPage<Row>,
  refetchInterval,
  enabled,
}: ListQueryOptions<TData, Row>) {
  const query = useQuery({
    queryKey,
    queryFn,
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled,
  });
  const data = query.data ?? initial;
  const page = pageOf(data);
  // Deleting the last row of the last page would strand the user on an empty page.
  if (page.totalPages > 0 && list.page > page.totalPages && !query.isPlaceholderData) list.setPage(page.totalPages);
  /** What a list's table shows: the page's rows, dimmed while they stand in for the next page still loading. */
  const table = { rows: page.data, stale: query.isPlaceholderData };
  return { list, query, data, page, table };
}

export type Listing = ReturnType<typeof useListQuery<object, unknown>>;

type QueryValue = string | number | boolean | null | undefined;
type QueryText<V> = V extends string ? V : V extends true ? "true" : string;
type ActionQuery<P> = { [K in keyof P]?: QueryText<Exclude<P[K], "" | false | null | undefined>> };

/**
 * A list's parameters as the list action reads them (a URL query): numbers as text, `true` as "true", and the
 * filters left empty ("", false, null) left out.
 */
export function actionQuery<P extends Record<string, QueryValue>>(params: P): ActionQuery<P> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === "" || value === false || value === null || value === undefined) continue;
    out[key] = String(value);
  }
  return out as ActionQuery<P>;
}
