"use client";
import { useSyncExternalStore } from "react";
import { formatAbsolute, formatRelative } from "@/lib/format";

// One shared minute ticker, so a table of dates re-renders together instead of one timer per cell.
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    // The clock may have idled while no date was on screen; React re-reads the snapshot after subscribing.
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 30_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * "3 minutes ago", with the absolute date on hover. The server and the browser disagree on the clock and the time
 * zone, so the server HTML (and hydration) shows the UTC date and the relative text follows once hydrated.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const current = useSyncExternalStore(
    subscribe,
    () => now,
    () => 0,
  );
  const hydrated = current !== 0;
  return (
    <time dateTime={iso} title={hydrated ? formatAbsolute(iso) : undefined} className={className}>
      {hydrated ? formatRelative(iso, current) : iso.slice(0, 10)}
    </time>
  );
}
