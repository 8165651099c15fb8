"use client";
// When every chart of a page has drawn: each chart reports once its plot area has a size (recharts lays the chart
// out after mounting, once it has measured its container), and the page sets data-charts-ready from that. The
// benchmark and the end-to-end tests wait on the attribute instead of guessing with timeouts.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { usePlotArea } from "recharts";

const DrawnContext = createContext<(name: string) => void>(() => {});

/** Tracks the charts named in `expected`; `ready` turns true once each has reported, and stays true. */
export function useChartsReady(expected: string[]) {
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const markDrawn = useCallback(
    (name: string) => setDrawn((prev) => (prev.has(name) ? prev : new Set(prev).add(name))),
    [],
  );
  const ready = expected.every((name) => drawn.has(name));
  return { ready, markDrawn };
}

export function ChartsReadyProvider({
  markDrawn,
  children,
}: {
  markDrawn: (name: string) => void;
  children: ReactNode;
}) {
  return <DrawnContext.Provider value={markDrawn}>{children}</DrawnContext.Provider>;
}

/** Inside a recharts chart: reports `name` drawn once the chart has laid out its plot area. Renders nothing. */
export function ReportDrawn({ name }: { name: string }) {
  const markDrawn = useContext(DrawnContext);
  const plot = usePlotArea();
  const laidOut = plot !== undefined && plot.width > 0 && plot.height > 0;
  useEffect(() => {
    if (laidOut) markDrawn(name);
  }, [laidOut, markDrawn, name]);
  return null;
}

/** For a chart that shows an empty state instead: there is nothing to wait for. */
export function useReportDrawnNow(name: string, now: boolean) {
  const markDrawn = useContext(DrawnContext);
  useEffect(() => {
    if (now) markDrawn(name);
  }, [now, markDrawn, name]);
}
