const percent = new Intl.NumberFormat("en", { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** A rate the API gives in percent (42.35) as "42.4%". */
export function formatRate(value: number): string {
  return `${percent.format(value)}%`;
}
