// How the fuzz test reports what it found: each distinct problem of an operation with the requests that showed it
// (bodies cut to 300 characters) and how many cases showed the same.
import type { Case } from "./cases";
import type { Operation } from "./operations";

export type Failure = { problem: string; kind: string; request: string; response: string };

export function describeRequest(op: Operation, c: Case, url: string) {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)} … (${text.length} chars)` : text);
  const body = c.body === undefined ? "" : ` ${c.contentType ?? "(no content type)"} ${cut(JSON.stringify(c.body))}`;
  return `${op.method} ${cut(url)}${body}`;
}

/** One group per problem and kind of case, with up to three different requests that showed it. */
export function report(failures: Failure[], reproduce: string) {
  const groups = new Map<string, { problem: string; kind: string; count: number; examples: Failure[] }>();
  for (const f of failures) {
    const key = `${f.problem.replace(/\d+/g, "#").slice(0, 90)} ${f.kind}`;
    const g = groups.get(key) ?? { problem: f.problem, kind: f.kind, count: 0, examples: [] };
    g.count++;
    if (g.examples.length < 3 && !g.examples.some((e) => e.request === f.request)) g.examples.push(f);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map(
      (g) =>
        `- ${g.problem} [${g.kind}, ${g.count}×]\n` +
        g.examples.map((e) => `    ${e.request}\n    → ${e.response}`).join("\n"),
    )
    .concat(reproduce)
    .join("\n");
}
