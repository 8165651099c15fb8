// Streams CSV records out of a stream of byte chunks with csv-parse, so neither the upload nor the import job ever
// holds more than a chunk and a batch. The bytes are decoded in the import's encoding first (lib/csv/text-encoding.ts;
// a byte order mark is dropped). Handles `,` `;` or tab delimiters (sniffed from the first
// record), quoted fields with line breaks and quotes, and CRLF, LF or CR line endings, even mixed in one file.
import { Readable, pipeline } from "node:stream";
import { parse, CsvError } from "csv-parse";
import { sniffDelimiter } from "@/lib/csv/sniff-delimiter";
import { decodeChunks, REPLACEMENT, type ImportEncoding } from "@/lib/csv/text-encoding";
import { peekStart } from "./peek-start";

/**
 * `line` is the 1-based line of the file where the record starts (quoted line breaks and blank lines count).
 * `undecodable`: some of its bytes are not valid in the encoding (a cell holds U+FFFD in their place).
 */
export type CsvRecord = { line: number; cells: string[]; undecodable: boolean };

/** A file that is not CSV we can read: permanent, retrying cannot help. */
export class CsvFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvFileError";
  }
}

/** A record larger than this is a broken quote, not data: stop before it fills the memory. */
const MAX_RECORD_BYTES = 1_000_000;

/** Bytes (UTF-8) or characters (decoded text) of the file's start the delimiter is sniffed from. */
const SNIFF_LENGTH = 64 * 1024;

const LINE_BREAK = /\r\n|\r|\n/g;

function lineBreaks(cells: string[]): number {
  let n = 0;
  for (const cell of cells) {
    if (cell.includes("\n") || cell.includes("\r")) n += cell.match(LINE_BREAK)?.length ?? 0;
  }
  return n;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === "");

/** Every non-blank record of the file, header first. Blank lines (or lines of bare delimiters) are skipped. */
export async function* readCsvRecords(
  chunks: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
): AsyncGenerator<CsvRecord> {
  // UTF-8 bytes go to csv-parse as they are (it decodes them, also across chunk boundaries, with U+FFFD for invalid
  // bytes): the common case pays no second decode and re-encode. Other encodings are decoded to text first.
  const pieces: AsyncIterable<Uint8Array | string> = encoding === "utf-8" ? chunks : decodeChunks(chunks, encoding);
  // Enough of the file's start to sniff the delimiter from, however small the first pieces are.
  const { start, size, whole, release } = await peekStart(pieces, SNIFF_LENGTH, (piece) => piece.length);
  if (size === 0) return;
  const sample = start.every((p) => typeof p === "string")
    ? start.join("")
    : Buffer.concat(start as Uint8Array[]).toString("utf8");
  const parser = parse({
    bom: true,
    delimiter: sniffDelimiter(sample.slice(0, SNIFF_LENGTH)),
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  // pipeline() rather than pipe(): a failing source (database, upload aborted) must fail the parser too.
  pipeline(Readable.from(whole, { objectMode: false }), parser, () => {});
  let line = 1;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      const first = line;
      line += 1 + lineBreaks(cells);
      if (!isBlank(cells)) yield { line: first, cells, undecodable: cells.some((c) => c.includes(REPLACEMENT)) };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFileError(describeCsvError(error));
    throw error;
  } finally {
    // An early stop (the preview needs 11 records) must release the chunk source too.
    parser.destroy();
    await release();
  }
}

function describeCsvError(error: CsvError): string {
  const where = typeof error.lines === "number" ? ` (near line ${error.lines})` : "";
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return `A quoted value is never closed${where}.`;
  if (error.code === "CSV_MAX_RECORD_SIZE") return `A row is longer than 1 MB${where}; is a quote left open?`;
  return `The file is not valid CSV${where}: ${error.message}`;
}
