// The report's ranges, in days back from now (the range buttons and the report action both read them).
export const REPORT_RANGES = [7, 30, 90] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
