// Refuses, from a file's first bytes, what is not a text file at all (an image, a PDF, an Excel workbook, a
// program), before anything is stored: decoded as text they would preview as hundreds of rows of garbage.
import type { ImportEncoding } from "./text-encoding";

// `withNul`: the signature is printable text ("MZ", "ID3") a CSV header could start with; only a file that also has
// NUL bytes is taken for that format.
const SIGNATURES: { bytes: number[]; what: string; withNul?: true }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
  { bytes: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: "a GIF image" },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], what: "a PDF document" },
  // XLSX, ODS and DOCX are ZIP archives.
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP archive or an Excel/OpenDocument workbook" },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: "a ZIP archive" },
  // Old .xls and .doc files (OLE2 compound document).
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: "an Excel 97–2003 workbook or Office document" },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: "a program (ELF)" },
  { bytes: [0x4d, 0x5a], what: "a Windows program (EXE/DLL)", withNul: true },
  { bytes: [0xcf, 0xfa, 0xed, 0xfe], what: "a macOS program" },
  { bytes: [0xca, 0xfe, 0xba, 0xbe], what: "a macOS or Java program" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
  { bytes: [0x42, 0x5a, 0x68], what: "a bzip2 archive", withNul: true },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: "an xz archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: "a 7-Zip archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], what: "a RAR archive" },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: "a zstd archive" },
  { bytes: [0x52, 0x49, 0x46, 0x46], what: "a RIFF media file (WebP, WAV, AVI)", withNul: true },
  { bytes: [0x49, 0x44, 0x33], what: "an MP3 file", withNul: true },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], what: "an SQLite database" },
  { bytes: [0x00, 0x61, 0x73, 0x6d], what: "a WebAssembly module" },
];

/** Control characters that never appear in CSV text: all C0 controls but tab, line feed, form feed, carriage return. */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

/**
 * Why the file is not CSV text (for "This file is not a CSV text file: it looks like …"), or null when it may be.
 * `head` are the first bytes, `text` the same bytes decoded in `encoding`.
 */
export function nonTextReason(head: Uint8Array, text: string, encoding: ImportEncoding): string | null {
  const hasNul = head.includes(0);
  for (const { bytes, what, withNul } of SIGNATURES) {
    const matches = bytes.length <= head.length && bytes.every((b, i) => head[i] === b);
    if (matches && (!withNul || hasNul)) return `it looks like ${what}`;
  }
  // NUL bytes belong to UTF-16 only, and even there no NUL character is text.
  if (encoding.startsWith("utf-16") ? text.includes("\u0000") : hasNul) {
    return "it contains NUL bytes, which text never has";
  }
  const controls = text.match(CONTROL)?.length ?? 0;
  // A stray control character can be a typo in a cell; many mean the bytes are not text.
  if (controls > Math.max(2, text.length / 100)) return "it contains control characters, which text never has";
  return null;
}
