// Optimistic updates for the dashboard's mutation hooks, in one place: cancel the fetches in flight of the queries a
// change touches, apply the change to every cached value, keep the old values to roll back to if the server refuses,
// and refresh what the change touched once it settles.
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";

export type CacheSnapshot = { snapshot: [QueryKey, unknown][] };

/** Applies `change` to each cached value under `prefixes` (undefined leaves a value as it is); returns the old values. */
async function patchCached<T>(
  qc: QueryClient,
  prefixes: QueryKey[],
  change: (value: T, key: QueryKey) => T | undefined,
): Promise<CacheSnapshot> {
  const filters = prefixes.map((queryKey) => ({ queryKey }));
  await Promise.all(filters.map((filter) => qc.cancelQueries(filter)));
  const snapshot = filters.flatMap((filter) => qc.getQueriesData<T>(filter));
  for (const [key, value] of snapshot) {
    if (value === undefined) continue;
    const next = change(value, key);
    if (next !== undefined) qc.setQueryData<T>(key, next);
  }
  return { snapshot };
}

/** The base of a resource's mutation hooks: `patch` in onMutate, `rollback` as onError, `refresh` as onSettled. */
export function useOptimisticCache(refreshKeys: QueryKey[]) {
  const qc = useQueryClient();
  return {
    qc,
    patch: <T>(prefixes: QueryKey[], change: (value: T, key: QueryKey) => T | undefined) =>
      patchCached<T>(qc, prefixes, change),
    rollback: (_error: unknown, _input: unknown, context: CacheSnapshot | undefined) =>
      context?.snapshot.forEach(([key, value]) => qc.setQueryData(key, value)),
    refresh: () => Promise.all(refreshKeys.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  };
}
