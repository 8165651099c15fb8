"use client";
import { useSyncExternalStore } from "react";
import { localZone } from "@/lib/zoned-time";

const never = () => () => {};

/**
 * The browser's time zone. The server renders UTC and React swaps in the browser's zone right after hydration,
 * so a time shown in the user's zone never causes a hydration mismatch.
 */
export function useLocalZone(): string {
  return useSyncExternalStore(never, localZone, () => "UTC");
}
