// Which text encoding a CSV file's bytes are in. Spreadsheets save UTF-8 (with or without a byte order mark),
// UTF-16 ("Unicode text") or, from older Excel on Windows, Windows-1252: decoding such a file as UTF-8 turns
// "François" into "Fran�ois". The labels are WHATWG encoding names, which TextDecoder understands.

export const IMPORT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252", "iso-8859-15"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const ENCODING_LABELS: Record<ImportEncoding, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 LE",
  "utf-16be": "UTF-16 BE",
  "windows-1252": "Windows-1252 (Western European, Excel)",
  "iso-8859-15": "ISO-8859-15 (Latin-9)",
};

/** What a decoder puts where the bytes are not valid in the encoding. */
export const REPLACEMENT = "\ufffd";

/**
 * The encoding of a file from its first bytes: a byte order mark decides; else NUL bytes at even or odd offsets
 * mean UTF-16 (ASCII text in UTF-16 is every other byte NUL); else UTF-8 unless its UTF-8 census says Windows-1252
 * (see utf8Census; a multi-byte character cut at the end of `head` is fine).
 */
export function detectEncoding(head: Uint8Array): ImportEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const utf16 = utf16ByNulPattern(head);
  if (utf16) return utf16;
  const census = utf8Census();
  census.push(head);
  return census.verdict(false);
}

function utf16ByNulPattern(head: Uint8Array): ImportEncoding | null {
  const pairs = Math.min(head.length, 4096) >> 1;
  if (pairs < 2) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenNul++;
    if (head[2 * i + 1] === 0) oddNul++;
  }
  // Mostly-ASCII UTF-16: NUL in (nearly) every pair on one side, (nearly) never on the other.
  if (oddNul >= pairs * 0.4 && evenNul <= pairs * 0.05) return "utf-16le";
  if (evenNul >= pairs * 0.4 && oddNul <= pairs * 0.05) return "utf-16be";
  return null;
}

const NON_ASCII_DECODED = /[^\u0000-\u007f\ufffd]/;

/**
 * Reads bytes as UTF-8, incrementally (a character split between pushes decodes whole), noting whether some were
 * invalid and whether some were valid multi-byte characters. The verdict: Windows-1252 when bytes were invalid and
 * none was a multi-byte character (an Excel "CSV" with é as one byte); otherwise UTF-8, also for a UTF-8 file with a
 * few broken bytes, whose accented names would all turn into "Ã©" if read as Windows-1252: its broken lines are
 * warned about in the preview and reported by the import instead.
 */
export function utf8Census() {
  const decoder = new TextDecoder("utf-8");
  let invalid = false;
  let multibyte = false;
  const look = (text: string) => {
    invalid ||= text.includes(REPLACEMENT);
    multibyte ||= NON_ASCII_DECODED.test(text);
  };
  return {
    push(bytes: Uint8Array) {
      if (!(invalid && multibyte)) look(decoder.decode(bytes, { stream: true }));
    },
    /** `atEnd`: all bytes were pushed, so a character cut at the end is invalid too. */
    verdict(atEnd: boolean): ImportEncoding {
      if (atEnd) look(decoder.decode());
      return invalid && !multibyte ? "windows-1252" : "utf-8";
    },
  };
}

/**
 * The text of a stream of byte chunks: one decoder with `stream: true`, so a character split between two chunks
 * (the upload's or the stored 1 MB rows') decodes whole. Invalid bytes become U+FFFD, for the caller to count and
 * report (the import refuses such rows rather than storing the replacement characters). A byte order mark is
 * dropped.
 */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  encoding: ImportEncoding,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function isImportEncoding(value: string): value is ImportEncoding {
  return (IMPORT_ENCODINGS as readonly string[]).includes(value);
}
