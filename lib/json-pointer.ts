// JSON Pointer (RFC 6901) segments, as the API's 422 `errors[].pointer` uses them: escaped when a field error is made
// on the server, unescaped when a dashboard form finds the message of its own nested input.
function escapePointerSegment(segment: PropertyKey): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** `#/query` + ["tags", 0] → "#/query/tags/0". */
export function pointerTo(path: readonly PropertyKey[], prefix = "#"): string {
  return path.length ? `${prefix}/${path.map(escapePointerSegment).join("/")}` : prefix;
}
