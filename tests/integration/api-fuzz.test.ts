// Every operation of the served OpenAPI document, driven by generated and then broken input (fast-check, fixed seed):
// no 5xx, every error a problem body whose status is the HTTP status, every status documented, every success body
// valid against its schema, another workspace's records untouched, nothing changed by a request refused with a 4xx,
// and an id in capitals answered like the same id in lower case. Operations are read from the document, so those of
// later issues are covered without being listed here. A failure prints the seed; FUZZ_SEED=<n> reruns that seed (or
// tries another), FUZZ_VERBOSE=1 prints the statuses per operation and kind of case.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { brokenCase, inputs, sweepCases, validCase, type Base, type Case, type Pools } from "../support/fuzz/cases";
import { describeRequest, report, type Failure } from "../support/fuzz/failures";
import { loadOperations, runOrder, type Operation } from "../support/fuzz/operations";
import { responseChecker } from "../support/fuzz/response-check";
import type { Hints, JsonSchema } from "../support/fuzz/schema-arbitrary";
import { discoverPools, idsNamed, mergeDiscovered, seedWorkspace, type Discovered } from "../support/fuzz/seed";
import { send } from "../support/fuzz/send";
import { fingerprint, snapshot } from "../support/fuzz/workspace-snapshot";
import { makeWorkspace } from "../support/fixtures";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/**
 * Per operation, besides the sweep. Tuned so the file stays under a minute on 2 cores with the embedded database;
 * FUZZ_SCALE=<n> multiplies them for a deeper run by hand.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const VALID_RUNS = 12 * SCALE;
const BROKEN_RUNS = 36 * SCALE;

const doc = openApiDocument();
const ops = runOrder(await loadOperations(doc));
const check = responseChecker(doc);

let A: Awaited<ReturnType<typeof makeWorkspace>>;
let B: Awaited<ReturnType<typeof makeWorkspace>>;
let receiver: Receiver;
let found: { A: Discovered; B: Discovered };
let hints: Hints;
let bBefore: Record<string, string[]>;
const savedEnv: Record<string, string | undefined> = {};
const stats = { cases: 0, succeeded: 0, started: Date.now(), byKind: {} as Record<string, Record<number, number>> };

const pools = (): Pools => ({ A: found.A.ids, B: found.B.ids, parentOf: { ...found.A.parentOf, ...found.B.parentOf } });
/** Each operation's own seed, from the run's seed and its name: adding an operation changes no other's cases. */
const seedOf = (op: Operation) => [...op.name].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

beforeAll(async () => {
  // Thousands of requests with one key; plain-http webhooks on 127.0.0.1 (the receiver below) for test deliveries.
  for (const [name, value] of Object.entries({ API_RATE_LIMIT: "1000000000", WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" })) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  receiver = await startReceiver(() => ({ status: 204 }));
  [A, B] = await Promise.all([makeWorkspace("Fuzz A"), makeWorkspace("Fuzz B")]);
  const seeded = await seedWorkspace(ops, A.writeKey, receiver.url);
  await seedWorkspace(ops, B.writeKey, receiver.url);
  found = { A: await discoverPools(ops, A.writeKey), B: await discoverPools(ops, B.writeKey) };
  hints = {
    idsFor: (name) => idsNamed(found.A.ids, name),
    words: seeded.words,
    components: (doc.components?.schemas ?? {}) as Record<string, JsonSchema>,
  };
  bBefore = await snapshot(B.id);
});

afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await receiver?.close();
  if (process.env.FUZZ_VERBOSE) {
    for (const [kind, statuses] of Object.entries(stats.byKind)) console.info(kind, JSON.stringify(statuses));
  }
  console.info(
    `api fuzz: seed ${SEED}, ${ops.length} operations, ${stats.cases} generated cases ` +
      `(${stats.succeeded} answered 2xx), ${((Date.now() - stats.started) / 1000).toFixed(1)} s`,
  );
});

/** Sends one case and returns what is wrong with the answer, beyond the contract checks every answer gets. */
async function probe(op: Operation, c: Case, failures: Failure[], dataBefore: { hash: string }) {
  const { url, pathname, answer } = await send(op, c, A.writeKey);
  const ok = answer.status >= 200 && answer.status < 300;
  stats.cases++;
  if (ok) stats.succeeded++;
  const byStatus = (stats.byKind[`${op.name} ${c.kind}`] ??= {});
  byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;

  const problems = check(op, pathname, answer);
  if (c.foreignId && ok) problems.push(`another workspace's id answered ${answer.status}`);
  if (c.upperId && op.method === "GET") {
    const lower = Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, v.toLowerCase()]));
    const expected = (await send(op, { ...c, params: lower }, A.writeKey)).answer.status;
    if (expected !== answer.status)
      problems.push(`an id in capitals answered ${answer.status}, lower case ${expected}`);
  }
  if (op.method !== "GET") {
    // One hash of all of A's rows after every write: a refused request must have changed nothing.
    const hash = await fingerprint(A.id);
    if (hash !== dataBefore.hash && !ok) problems.push(`a ${answer.status} changed workspace A's data`);
    // The other way round proves the hash sees the data: a creation it cannot see means a table it does not cover.
    if (hash === dataBefore.hash && answer.status === 201) problems.push("a 201 changed nothing the snapshot sees");
    dataBefore.hash = hash;
  }
  const response = `${answer.status} ${answer.contentType} ${answer.text.slice(0, 300)}`;
  for (const problem of problems) {
    failures.push({ problem, kind: c.kind, request: describeRequest(op, c, url), response });
  }
  if (process.env.FUZZ_VERBOSE && c.kind === "valid" && !ok) console.info("refused", op.name, response.slice(0, 200));
  return ok;
}

describe("API fuzz: every operation of the served OpenAPI document", () => {
  it("runs every operation the document lists", () => {
    const documented = Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.keys(item as object).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m)),
    );
    expect(ops.length).toBe(documented.length);
  });

  let rediscovered = false;
  it.each(ops.map((op) => [op.name, op] as const))("%s", { timeout: 60_000 }, async (_name, op) => {
    if (!rediscovered && !(op.method === "POST" && op.pathParams.length === 0)) {
      // The creations ran first: records of resources nobody seeds (later issues') now have ids to throw around.
      found.A = mergeDiscovered(found.A, await discoverPools(ops, A.writeKey));
      rediscovered = true;
    }
    const seed = seedOf(op);
    const failures: Failure[] = [];
    const data = { hash: await fingerprint(A.id) };
    const generated = inputs(op, pools(), hints);
    const accepted: Base[] = [];
    for (const base of fc.sample(generated, { seed, numRuns: VALID_RUNS })) {
      if (await probe(op, validCase(op, base), failures, data)) accepted.push(base);
    }
    // Broken versions of inputs that were accepted, so that what the server refuses is the breakage itself.
    const bases = accepted.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...accepted) }, generated)
      : generated;
    for (const c of fc.sample(brokenCase(op, bases, pools()), { seed: seed + 1, numRuns: BROKEN_RUNS })) {
      await probe(op, c, failures, data);
    }
    const sweepBases = accepted.length ? accepted : fc.sample(generated, { seed: seed + 2, numRuns: 8 });
    for (const c of sweepCases(op, sweepBases)) await probe(op, c, failures, data);
    if (op.method === "GET" && (await fingerprint(A.id)) !== data.hash) {
      failures.push({ problem: "a GET changed workspace A's data", kind: "any", request: op.name, response: "" });
    }
    expect(failures.length, report(failures, `(seed ${SEED}; rerun with FUZZ_SEED=${SEED})`)).toBe(0);
  });

  it("left the other workspace's records byte for byte as they were", async () => {
    expect(await snapshot(B.id)).toEqual(bBefore);
  });
});
