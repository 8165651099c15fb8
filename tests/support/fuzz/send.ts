// Sends one case to its route handler the way Next.js would, with a real Request, and reads the whole answer.
import type { Case } from "./cases";
import type { Operation } from "./operations";
import type { Answer } from "./response-check";

export type Sent = { url: string; pathname: string; answer: Answer };

/** encodeURIComponent refuses lone surrogates; a client sending one gets its replacement character on the wire. */
function encodeSegment(value: string) {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd"));
  }
}

export async function send(op: Operation, c: Case, key: string): Promise<Sent> {
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(c.params[name] ?? ""));
  const url = `http://sendwell.test${path}${c.query ? `?${c.query}` : ""}`;
  const headers = new Headers({ "X-API-Key": key });
  if (c.contentType !== undefined) headers.set("Content-Type", c.contentType);
  // Bytes rather than a string, so no text/plain default sneaks in when a case sends no Content-Type.
  const body = c.body === undefined ? undefined : new TextEncoder().encode(c.body);
  const req = new Request(url, { method: op.method, headers, body });
  const res = await op.handler(req, { params: Promise.resolve({ ...c.params }) });
  let text = "";
  let streamError: string | undefined;
  try {
    text = await res.text();
  } catch (error) {
    streamError = String(error);
  }
  return {
    url,
    pathname: new URL(url).pathname,
    answer: { status: res.status, contentType: res.headers.get("content-type") ?? "", text, streamError },
  };
}

/** A case built by hand (seeding, discovery): a JSON body or none. */
export function plainCase(params: Record<string, string> = {}, body?: unknown): Case {
  return {
    kind: "seed",
    params,
    query: "",
    ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: "application/json" }),
    foreignId: false,
    upperId: false,
  };
}
