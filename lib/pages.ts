// The two list shapes of the API (offset pages and cursor pages), as types the server and the dashboard share.
export type OffsetPage<T> = { data: T[]; total: number; page: number; limit: number; totalPages: number };
export type CursorPage<T> = { data: T[]; nextCursor: string | null };

/** The same page with a new total (after an optimistic insert or delete). */
export function withTotal<T>(page: OffsetPage<T>, total: number): OffsetPage<T> {
  return { ...page, total, totalPages: Math.ceil(total / page.limit) };
}
