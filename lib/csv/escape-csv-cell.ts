// CSV cells that are safe to open in a spreadsheet (docs/audience.md, Export) and RFC 4180-quoted.
// Formula injection: Excel, Sheets and LibreOffice run a cell that starts with = + - @ (and, through their import
// heuristics, a leading tab or CR) as a formula, so such cells get a leading apostrophe. A cell that already starts
// with an apostrophe gets one too, so `unescapeCsvCell` can undo the escaping exactly and an exported file
// re-imports without loss.

const DANGEROUS_START = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[",\r\n;\t]|^\s|\s$/;

/** Formula-safe text of one cell (not yet quoted). `null`/`undefined` become an empty cell. */
export function formulaSafe(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return DANGEROUS_START.test(text) ? `'${text}` : text;
}

/** Undoes `formulaSafe`: strips the one apostrophe it adds in front of a dangerous first character. */
export function unescapeCsvCell(text: string): string {
  return text.length > 1 && text[0] === "'" && DANGEROUS_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One cell, formula-safe and quoted when it holds a delimiter, quote, line break or edge whitespace. */
export function escapeCsvCell(value: string | number | boolean | null | undefined): string {
  const text = formulaSafe(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with the RFC 4180 CRLF line ending. */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return cells.map(escapeCsvCell).join(",") + "\r\n";
}
