// Guesses a CSV file's delimiter from its first record: spreadsheets in much of Europe save with `;` (the comma is
// their decimal separator) and many tools export tab-separated text with a .csv name.

export const DELIMITERS = [",", ";", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The candidate seen most often outside quotes in the first record of `sample`; `,` when none appears. */
export function sniffDelimiter(sample: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = sample.charCodeAt(0) === 0xfeff ? 1 : 0; i < sample.length; i++) {
    const ch = sample[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch as Delimiter)) counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  let best: Delimiter = ",";
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}
