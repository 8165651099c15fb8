// Return paths (`callbackUrl`, `next`…): where to send someone after signing in, signing out or joining. One rule
// for every such parameter (SECURITY.md, Dashboard): a value is accepted only when it parses, against the app's own
// URL, to the app's origin, and what is used is then the path alone. Checking the string instead ("starts with /,
// not //") is what the classic bypasses beat: `/\evil.example` and `/%09/evil.example` (once decoded) both start
// with a single slash, yet a browser reads a backslash as a slash and drops tabs and newlines, landing on
// evil.example. Parsing with the same WHATWG URL rules the browser uses removes that difference.

/** Longest return path kept; longer ones are refused (no legitimate path of this app comes close). */
const MAX_LENGTH = 2048;

// C0 controls and DEL: the URL parser silently drops tabs and newlines and trims the rest, so a value holding any
// of them does not mean what it looks like. No path of this app needs them.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The same-origin path (path, query and fragment) `value` points to, or null when it points anywhere else or is
 * not a usable URL at all. `origin` is the app's own URL (only its origin counts).
 */
export function sameOriginPath(value: unknown, origin: string): string | null {
  if (typeof value !== "string" || !value || value.length > MAX_LENGTH || CONTROL.test(value)) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base.origin);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a leading "//" (`/.//evil.example` → pathname `//evil.example`), which a
  // browser would read as another host if the path were used alone.
  return path.startsWith("//") ? null : path;
}

/** `value` as a same-origin path (see sameOriginPath), else `fallback`. */
export function safeReturnPath(value: unknown, origin: string, fallback = "/"): string {
  return sameOriginPath(value, origin) ?? fallback;
}
