"use client";
// Which columns the contacts table shows, remembered per workspace in localStorage. Read through
// useSyncExternalStore so the server HTML (defaults) hydrates without a mismatch and other tabs stay in step.
import { useCallback, useMemo, useSyncExternalStore } from "react";

export const BUILT_IN_COLUMNS = [
  { id: "name", label: "Name" },
  { id: "status", label: "Status" },
  { id: "tags", label: "Tags" },
  { id: "timezone", label: "Time zone" },
  { id: "source", label: "Source" },
  { id: "createdAt", label: "Created" },
] as const;

const DEFAULT_COLUMNS = ["name", "status", "tags", "createdAt"];
const CHANGE_EVENT = "sendwell:columns";

function subscribe(listener: () => void) {
  window.addEventListener("storage", listener);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

/** Column ids: the built-in ones above, or `field:<key>` for a custom field. Email is always shown. */
export function useColumns(workspaceId: string) {
  const storageKey = `sendwell:contacts-columns:${workspaceId}`;
  const raw = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(storageKey),
    () => null,
  );
  const columns = useMemo(() => {
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === "string") : DEFAULT_COLUMNS;
    } catch {
      return DEFAULT_COLUMNS;
    }
  }, [raw]);
  const setColumns = useCallback(
    (next: string[]) => {
      try {
        window.localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or disabled (private mode): the choice lasts until the event below is handled only.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [storageKey],
  );
  return [columns, setColumns] as const;
}
