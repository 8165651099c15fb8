// Column names a mapping can refer to unambiguously: a file may repeat a header or leave one blank.

/** Trimmed headers; blanks become "Column N" (1-based) and repeats get " (2)", " (3)"… */
export function uniqueHeaders(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((header, i) => {
    const base = header.trim() || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}
