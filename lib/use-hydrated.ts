"use client";
import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server HTML and during hydration, true once React has attached event handlers. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
