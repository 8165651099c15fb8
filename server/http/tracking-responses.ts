// The HTTP answers of the public tracking routes (pixel, click redirect, unknown link), shared by the two routes.
// They never say why a hit was refused: a forged token and an unknown link look the same to whoever probes them.
import "server-only";

/** 1×1 GIF89a whose one pixel is transparent (graphic control extension), 43 bytes. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

// Every open must reach us: no browser, proxy or CDN may answer from a cache.
const NO_STORE = {
  "Cache-Control": "no-store, no-cache, must-revalidate, private, max-age=0",
  Pragma: "no-cache",
  Expires: "0",
};

export function pixelResponse(): Response {
  return new Response(new Uint8Array(PIXEL), {
    status: 200,
    headers: { ...NO_STORE, "Content-Type": "image/gif", "Content-Length": String(PIXEL.length) },
  });
}

export function redirectResponse(url: string): Response {
  return new Response(null, {
    status: 302,
    headers: { ...NO_STORE, Location: asciiLocation(url), "Referrer-Policy": "no-referrer" },
  });
}

/**
 * A Location header carries bytes, not Unicode: a recorded link with "€" or "日本" in it is sent percent-encoded
 * (its host in punycode), which is what the browser would have requested anyway. A URL that does not parse is
 * sent as it is, minus any character a header cannot carry (recorded links were checked; this is belt and braces).
 */
function asciiLocation(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return encodeURI(url);
  }
}

export function linkNotFoundResponse(): Response {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Link not found</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">' +
    "<h1>Link not found</h1><p>This link is not valid. If you copied it from an email, check that the whole " +
    "address was copied.</p></body></html>";
  return new Response(html, {
    status: 404,
    headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
}
