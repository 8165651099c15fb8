// Requests for one operation: valid-ish ones generated from its documented schemas, then the same ones broken in every
// way a hostile or careless client breaks them. A case is plain data (ids are picked by position in the seeded
// pools), so a fixed fast-check seed gives the same cases on every run.
import fc from "fast-check";
import { collectionOf, type Operation } from "./operations";
import { validish, type Hints } from "./schema-arbitrary";
import {
  BAD_DATES,
  BAD_NUMBERS,
  BAD_QUERY_VALUES,
  BAD_STRINGS,
  DEEP,
  GARBAGE_IDS,
  MALFORMED_JSON,
  WRONG_CONTENT_TYPES,
  WRONG_TYPES,
} from "./hostile-values";

/** Seeded ids of workspaces A and B by collection, and the parent of each nested id (delivery → its webhook). */
export type Pools = { A: Record<string, string[]>; B: Record<string, string[]>; parentOf: Record<string, string> };

export type Case = {
  kind: string;
  params: Record<string, string>;
  /** Raw query string (already encoded, so it can carry bytes that are not UTF-8). */
  query: string;
  body?: string;
  contentType?: string;
  /** Some path id belongs to workspace B: the request must not succeed. */
  foreignId: boolean;
  /** Some path id is written in capitals: it must be answered like the same id in lower case. */
  upperId: boolean;
};

/** One valid-ish input: path ids, query parameters (name, value) and the body as a value. */
export type Base = { params: Record<string, string>; query: [string, string][]; body: unknown };

export function validCase(op: Operation, base: Base): Case {
  return toCase("valid", op, base);
}

/** Broken versions of `bases`: the test passes the inputs that succeeded, so the breakage is what gets refused. */
export function brokenCase(op: Operation, bases: fc.Arbitrary<Base>, pools: Pools): fc.Arbitrary<Case> {
  const kinds = [
    ...(op.pathParams.length ? ["path.other-workspace", "path.random", "path.capitals", "path.garbage"] : []),
    "query.bad-value",
    "query.unknown",
    "query.repeated",
    ...(op.body
      ? [
          ...["body.wrong-type", "body.missing", "body.extra", "body.empty", "body.huge", "body.text", "body.text"],
          ...["body.number", "body.date", "body.deep", "body.malformed", "body.content-type", "body.too-large"],
          "body.other-workspace",
        ]
      : op.method === "GET"
        ? []
        : ["body.unexpected"]),
  ];
  return fc
    .tuple(bases, fc.constantFrom(...kinds), fc.nat(), fc.nat(), fc.nat())
    .map(([base, kind, i, j, k]) => breakCase(kind, op, base, pools, i, j, k));
}

/** Valid-ish inputs of an operation: real ids of A in the path (sometimes in capitals), query and body from schemas. */
export function inputs(op: Operation, pools: Pools, hints: Hints): fc.Arbitrary<Base> {
  const params = fc.tuple(
    ...op.pathParams.map((p) =>
      fc.record({ index: fc.nat(), capitals: fc.nat(9).map((n) => n === 0) }).map(({ index, capitals }) => {
        const pool = pools.A[collectionOf(op.template, p)] ?? [];
        const id = pool.length ? pool[index % pool.length]! : "6b1d1c52-2f7e-4b7a-9f0e-3c4d5e6f7a8b";
        return capitals ? id.toUpperCase() : id;
      }),
    ),
  );
  const query = fc.tuple(
    ...op.queryParams.map((p) =>
      // An optional parameter in one case of three: with all of them present at once, one is nearly always off.
      (p.required ? fc.constant(true) : fc.nat(2).map((n) => n === 0)).chain((present) =>
        present
          ? validish(p.schema ?? {}, hints, p.name).map((v): [string, string][] => [[p.name, queryText(v)]])
          : fc.constant<[string, string][]>([]),
      ),
    ),
  );
  const body = op.body ? validish(op.body, hints) : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([picked, q, b]) => {
    const ids = [...picked];
    // A nested id comes with its own parent: the delivery's webhook, not any webhook.
    for (let n = ids.length - 1; n > 0; n--) {
      const parent = pools.parentOf[ids[n]!.toLowerCase()];
      if (parent) ids[n - 1] = parent;
    }
    return {
      params: Object.fromEntries(op.pathParams.map((p, n) => [p, ids[n]!])),
      query: q.flat(),
      body: b,
    };
  });
}

const queryText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

function toCase(kind: string, op: Operation, b: Base, over: Partial<Case> = {}): Case {
  const query = b.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return {
    kind,
    params: b.params,
    query,
    ...(b.body === undefined ? {} : { body: stringify(b.body), contentType: "application/json" }),
    foreignId: false,
    upperId: Object.values(b.params).some((id) => id !== id.toLowerCase()),
    ...over,
  };
}

/** The hostile values every query parameter and every text or number of a body gets, not left to chance. */
const SWEEP_QUERY = ["", "%00", "%ED%A0%80", "%FF", "x".repeat(100_000), "-1", "1e3", "9007199254740993"].concat([
  "0000-01-01",
  "2026-01-01T00:00:00%2B23:00",
  "10000-01-01T00:00:00Z",
  "6F1C2D3E-4A5B-4C6D-8E7F-9A0B1C2D3E4F",
]);
const SWEEP_TEXT = ["a\u0000b", "\ud800", "", "x".repeat(100_000)];
const SWEEP_NUMBERS = ["1e400", "1e308", "-1", "9007199254740993", "1.5"];

/**
 * A deterministic sweep on top of the random cases: each query parameter with each value of SWEEP_QUERY, and each
 * text and number of the richest of `bases` (those that succeeded) with hostile texts, out-of-range dates and numbers.
 */
export function sweepCases(op: Operation, bases: Base[]): Case[] {
  const b = bases.reduce((best, s) => (pathsIn(s.body).length > pathsIn(best.body).length ? s : best));
  const cases: Case[] = [];
  for (const p of op.queryParams) {
    const others = b.query.filter(([n]) => n !== p.name);
    for (const value of SWEEP_QUERY) {
      const query = [
        ...others.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`),
        `${p.name}=${value}`,
      ];
      cases.push(toCase("sweep.query", op, b, { query: query.join("&") }));
    }
  }
  if (op.body === undefined) return cases;
  for (const path of pathsIn(b.body)) {
    const current = getAt(b.body, path);
    const values =
      typeof current === "string"
        ? [...SWEEP_TEXT.map((t) => JSON.stringify(t)), ...BAD_DATES.slice(0, 6).map((d) => JSON.stringify(d))]
        : typeof current === "number"
          ? SWEEP_NUMBERS
          : [];
    for (const raw of values) {
      cases.push(
        toCase("sweep.body", op, b, { body: stringify(setAt(b.body, path, "__RAW__")).replace('"__RAW__"', raw) }),
      );
    }
  }
  return cases;
}

/** A well-formed id that names nothing, derived from the case's numbers so that a seed gives the same one. */
function unknownUuid(n: number) {
  const hex = (n >>> 0).toString(16).padStart(8, "0");
  return `${hex}-7e57-4f00-8a00-${hex}0000`;
}

function breakCase(kind: string, op: Operation, b: Base, pools: Pools, i: number, j: number, k: number): Case {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const param = op.pathParams.length ? pick(op.pathParams, i) : "";
  const withParam = (id: string, extra: Partial<Case> = {}) =>
    toCase(kind, op, { ...b, params: { ...b.params, [param]: id } }, extra);
  switch (kind) {
    case "path.other-workspace": {
      const pool = pools.B[collectionOf(op.template, param)] ?? [];
      return pool.length ? withParam(pick(pool, j), { foreignId: true }) : withParam(unknownUuid(k));
    }
    case "path.random":
      return withParam(unknownUuid(k));
    case "path.capitals":
      return withParam(b.params[param]!.toUpperCase());
    case "path.garbage":
      return withParam(pick(GARBAGE_IDS, j));
  }
  if (kind.startsWith("query.")) {
    const names = [...op.queryParams.map((p) => p.name), "unknown"];
    const name = encodeURIComponent(pick(names, i));
    const rest = toCase(kind, op, b).query;
    const add = (q: string) => toCase(kind, op, b, { query: rest ? `${rest}&${q}` : q });
    if (kind === "query.unknown")
      return add(`${pick(["x", "__proto__", "%00", "a[b]"], j)}=${pick(BAD_QUERY_VALUES, k)}`);
    if (kind === "query.repeated") return add(`${name}=1&${name}=2`);
    return toCase(kind, op, b, {
      query: [
        ...b.query
          .filter(([n]) => encodeURIComponent(n) !== name)
          .map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`),
        `${name}=${pick(BAD_QUERY_VALUES, j)}`,
      ].join("&"),
    });
  }
  if (kind === "body.unexpected") {
    return toCase(kind, op, b, {
      body: pick(['{"a":1}', "{", "\u0000", "x".repeat(2000)], j),
      contentType: pick(["application/json", "text/plain"], k),
    });
  }
  if (kind === "body.other-workspace") return foreignBodyId(op, b, pools, i, j);
  return toCase(kind, op, b, breakBody(kind, b.body, i, j, k));
}

/**
 * An id of A in the body (a tag to attach, a segment rule's tag) swapped for an id of B of the same collection. Only
 * where the member's name says which collection it takes (`tagIds` → tags): text that merely holds an id is no
 * reference, and a reference checked by no one (a broadcast of a later issue) would need its own pool.
 */
function foreignBodyId(op: Operation, b: Base, pools: Pools, i: number, j: number): Case {
  const collectionAt = (p: Path) => {
    const key = [...p].reverse().find((k): k is string => typeof k === "string");
    const base = key?.match(/^(\w+?)Ids?$/)?.[1];
    if (!base) return undefined;
    const collection = [`${base}s`, `${base.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s`].find(
      (c) => pools.A[c]?.includes(String(getAt(b.body, p)).toLowerCase()) && pools.B[c]?.length,
    );
    return collection;
  };
  const ids = pathsIn(b.body).filter((p) => typeof getAt(b.body, p) === "string" && collectionAt(p));
  if (!ids.length) return toCase("body.other-workspace", op, b);
  const path = ids[i % ids.length]!;
  const foreign = pools.B[collectionAt(path)!]!;
  return toCase("body.other-workspace", op, b, {
    body: stringify(setAt(b.body, path, foreign[j % foreign.length])),
    foreignId: true,
  });
}

function breakBody(kind: string, body: unknown, i: number, j: number, k: number): Partial<Case> {
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  const paths = pathsIn(body);
  const at = pick(paths, i);
  const json = (v: unknown) => ({ body: stringify(v) });
  switch (kind) {
    case "body.wrong-type": {
      const current = at.length ? getAt(body, at) : body;
      const others = WRONG_TYPES.filter((w) => typeOf(w) !== typeOf(current));
      return json(setAt(body, at, pick(others, j)));
    }
    case "body.missing": {
      const objects = paths.filter((p) => isObject(getAt(body, p)) && Object.keys(getAt(body, p) as object).length);
      if (!objects.length) return json({});
      const path = pick(objects, i);
      const obj = { ...(getAt(body, path) as Record<string, unknown>) };
      delete obj[pick(Object.keys(obj), j)];
      return json(setAt(body, path, obj));
    }
    case "body.extra": {
      const objects = paths.filter((p) => isObject(getAt(body, p)));
      const path = objects.length ? pick(objects, i) : [];
      const name = pick(["unexpected", "__proto__", "constructor", "id", "workspaceId", "", "a\u0000b"], j);
      const base = objects.length ? { ...(getAt(body, path) as Record<string, unknown>) } : {};
      Object.defineProperty(base, name, { value: pick(WRONG_TYPES, k), enumerable: true });
      return json(objects.length ? setAt(body, path, base) : base);
    }
    case "body.empty":
      return json(setAt(body, at, pick(["", [], {}, null, "   "], j)));
    case "body.huge":
      return json(
        setAt(body, at, j % 2 ? "x".repeat(100_000) : Array.from({ length: 10_000 }, () => firstItem(body, at))),
      );
    case "body.text": {
      const strings = paths.filter((p) => typeof getAt(body, p) === "string");
      const path = strings.length ? pick(strings, i) : at;
      const bad = pick(BAD_STRINGS, j);
      const current = getAt(body, path);
      // Inside real text as often as on its own, where a trim or an enum check would not see it.
      return json(setAt(body, path, typeof current === "string" && k % 2 ? `${current}${bad}` : bad));
    }
    case "body.number": {
      const raw = pick(BAD_NUMBERS, j);
      return { body: stringify(setAt(body, at, "__RAW__")).replace('"__RAW__"', raw) };
    }
    case "body.date": {
      const strings = paths.filter((p) => typeof getAt(body, p) === "string");
      return json(setAt(body, strings.length ? pick(strings, i) : at, pick(BAD_DATES, j)));
    }
    case "body.deep":
      return { body: stringify(setAt(body, at, "__RAW__")).replace('"__RAW__"', pick(DEEP, j)) };
    case "body.malformed":
      return { body: pick(MALFORMED_JSON, j) };
    case "body.content-type":
      return { contentType: pick(WRONG_CONTENT_TYPES, j) ?? undefined, body: j % 3 ? stringify(body) : "a=1&b=2" };
    case "body.too-large":
      return { body: stringify(setAt(body, at, "y".repeat(1_100_000))) };
  }
  throw new Error(`unknown case kind ${kind}`);
}

// Unlike JSON.stringify, `undefined` properties are dropped and lone surrogates kept as `\ud800` escapes: both are
// what the standard stringify does since ES2019, so this is only a guard against a body of `undefined`.
const stringify = (v: unknown) => JSON.stringify(v) ?? "null";

type Path = (string | number)[];

function pathsIn(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((v, n) => pathsIn(v, [...prefix, n], out));
  else if (isObject(value)) for (const [key, v] of Object.entries(value)) pathsIn(v, [...prefix, key], out);
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)?.[key], value);
}

function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (!path.length) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, next);
  return copy;
}

function firstItem(body: unknown, path: Path): unknown {
  const v = getAt(body, path);
  return Array.isArray(v) && v.length ? v[0] : (v ?? 1);
}
