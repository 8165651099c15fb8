// What an uploaded file really is, read from its first bytes: the browser's Content-Type and the file name are the
// sender's claims, and a "photo.png" that is HTML or SVG served from our domain would be a stored-XSS vector. Only
// the four raster formats every mail client shows are accepted, and the pixel size comes from the header so the
// composer can set width/height attributes (Outlook needs them).

export type ImageFormat = { contentType: ImageContentType; ext: "png" | "jpg" | "gif" | "webp" };
export type ImageContentType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
export type ImageInfo = ImageFormat & { width: number; height: number };

export type SniffResult =
  { ok: true; image: ImageInfo } | { ok: false; reason: "unsupported" | "svg" | "damaged"; format?: ImageFormat };

const PNG: ImageFormat = { contentType: "image/png", ext: "png" };
const JPEG: ImageFormat = { contentType: "image/jpeg", ext: "jpg" };
const GIF: ImageFormat = { contentType: "image/gif", ext: "gif" };
const WEBP: ImageFormat = { contentType: "image/webp", ext: "webp" };

export const EXT_CONTENT_TYPES: Record<ImageFormat["ext"], ImageContentType> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export function sniffImage(bytes: Uint8Array): SniffResult {
  const format = formatOf(bytes);
  if (!format) return { ok: false, reason: looksLikeSvg(bytes) ? "svg" : "unsupported" };
  const size = dimensionsOf(format, bytes);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, reason: "damaged", format };
  return { ok: true, image: { ...format, ...size } };
}

function formatOf(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return JPEG;
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return GIF;
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return WEBP;
  return null;
}

function dimensionsOf(format: ImageFormat, b: Uint8Array): { width: number; height: number } | null {
  switch (format.ext) {
    case "png":
      // The IHDR chunk always comes first: length(4) "IHDR"(4) width(4) height(4), big-endian.
      if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return null;
      return { width: be32(b, 16), height: be32(b, 20) };
    case "gif":
      if (b.length < 10) return null;
      return { width: le16(b, 6), height: le16(b, 8) };
    case "jpg":
      return jpegSize(b);
    case "webp":
      return webpSize(b);
  }
}

/** Walks the JPEG markers to the first start-of-frame (SOF0–SOF15 except DHT, JPG and DAC), which holds the size. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 8 < b.length) {
    if (at(b, i) !== 0xff) return null;
    const marker = at(b, i + 1);
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (at(b, i + 2) << 8) | at(b, i + 3);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (at(b, i + 5) << 8) | at(b, i + 6), width: (at(b, i + 7) << 8) | at(b, i + 8) };
    }
    if (marker === 0xda || length < 2) return null; // image data before any frame header: broken
    i += 2 + length;
  }
  return null;
}

/** The first chunk tells which of WebP's three encodings this is; each stores the size differently. */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X") return { width: 1 + le24(b, 24), height: 1 + le24(b, 27) };
  if (chunk === "VP8L") {
    if (at(b, 20) !== 0x2f) return null;
    const bits = at(b, 21) | (at(b, 22) << 8) | (at(b, 23) << 16) | (at(b, 24) << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") {
    if (!(at(b, 23) === 0x9d && at(b, 24) === 0x01 && at(b, 25) === 0x2a)) return null;
    return { width: (at(b, 26) | (at(b, 27) << 8)) & 0x3fff, height: (at(b, 28) | (at(b, 29) << 8)) & 0x3fff };
  }
  return null;
}

/** SVG (with or without an XML prolog, a BOM or leading whitespace): named in the refusal so the user knows why. */
function looksLikeSvg(b: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(b.subarray(0, 1024)).toLowerCase();
  return /^\ufeff?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(head);
}

/** A byte, 0 past the end: a truncated header then reads as a size of 0 and is refused as damaged. */
function at(b: Uint8Array, i: number): number {
  return b[i] ?? 0;
}

function startsWith(b: Uint8Array, prefix: number[]): boolean {
  return b.length >= prefix.length && prefix.every((v, i) => at(b, i) === v);
}

function ascii(b: Uint8Array, offset: number, length: number): string {
  if (b.length < offset + length) return "";
  return String.fromCharCode(...b.subarray(offset, offset + length));
}

function be32(b: Uint8Array, o: number): number {
  return ((at(b, o) << 24) >>> 0) + ((at(b, o + 1) << 16) | (at(b, o + 2) << 8) | at(b, o + 3));
}

function le16(b: Uint8Array, o: number): number {
  return (at(b, o) ?? 0) | ((at(b, o + 1) ?? 0) << 8);
}

function le24(b: Uint8Array, o: number): number {
  return at(b, o) | (at(b, o + 1) << 8) | (at(b, o + 2) << 16);
}
