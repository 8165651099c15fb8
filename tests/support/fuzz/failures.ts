// How the fuzz test reports what it found: one example per distinct problem of an operation, with the request that
// showed it (bodies cut to 300 characters) and how many cases showed the same.
import type { Case } from "./cases";
import type { Operation } from "./operations";

export type Failure = { problem: string; kind: string; request: string; response: string };

export function describeRequest(op: Operation, c: Case, url: string) {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)} … (${text.length} chars)` : text);
  const body = c.body === undefined ? "" : ` ${c.contentType ?? "(no content type)"} ${cut(JSON.stringify(c.body))}`;
  return `${op.method} ${cut(url)}${body}`;
}

export function report(failures: Failure[], reproduce: string) {
  const groups = new Map<string, Failure & { count: number }>();
  for (const f of failures) {
    const key = f.problem.replace(/\d+/g, "#").slice(0, 90);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { ...f, count: 1 });
  }
  return [...groups.values()]
    .map((g) => `- ${g.problem} [${g.kind}, ${g.count}×]\n    ${g.request}\n    → ${g.response}`)
    .concat(reproduce)
    .join("\n");
}
