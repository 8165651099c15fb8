// The document and the server agree on which request bodies are acceptable: for every operation with a body, probe
// bodies built from the document itself (`{}`, the required members, the required members plus each optional one,
// with the document's own examples) are validated against the documented schema (Ajv, JSON Schema 2020-12 as OpenAPI
// 3.1 has it) and sent to the route. A body the document accepts must pass the server's schema, and one it refuses
// must be refused, so a client generated from the document can neither build a body the server refuses nor be kept
// from one it accepts. Path ids name nothing, so an accepted body ends in a 404 and changes nothing.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { ABSENT_ID } from "../support/api-routes";
import { makeWorkspace } from "../support/fixtures";
import { loadOperations } from "../support/fuzz/operations";
import type { JsonSchema } from "../support/fuzz/schema-arbitrary";

type Schema = JsonSchema & { default?: unknown; title?: string };

const doc = openApiDocument();
const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
const ops = (await loadOperations(doc)).filter((op) => op.body);

/**
 * Errors about records the body names (a tag id, a custom-field key) come from the services, which know the
 * workspace; the document cannot say which ids exist, so these are not disagreements. Nor are pointers between an
 * automation's steps.
 */
const REFERENCE_DETAILS = [
  /^No [\w-]+ with this id exists in this workspace\.$/,
  /^Unknown custom field\.$/,
  // An automation's steps point at one another by id (lib/schemas/automations.ts, findFlowErrors): a pointer to a
  // step the body does not have is beyond what JSON Schema can say, like a reference to a record.
  /^No step has the id ".*"\.$/,
];

function deref(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.split("/").pop()!] ?? {};
  return s;
}

/** A value the document itself proposes for a schema: its example, default or first choice; undefined if none. */
function sample(schema: Schema): unknown {
  const s = deref(schema);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternative = s.anyOf?.[0] ?? (s.properties ? undefined : s.oneOf?.[0]);
  if (alternative) return sample(alternative);
  if (s.format === "email") return "ada@example.com";
  if (s.format === "date-time") return "2030-01-01T09:00:00Z";
  if (s.format === "uuid") return ABSENT_ID;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "string") return "x".repeat(Math.max(1, s.minLength ?? 1));
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return s.minimum ?? 1;
  if (type === "array") return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}));
  if (type === "object" || s.properties) return withMembers(s, s.required ?? []);
  return undefined;
}

/** An object of the schema's listed members, each with its sample (members without one are left out). */
function withMembers(s: Schema, names: string[], base: Record<string, unknown> = {}) {
  const body = { ...base };
  for (const name of names) {
    const value = sample(s.properties?.[name] ?? {});
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** `{}`, the required members, each alternative's required members, and each of those plus one optional member. */
function probes(schema: Schema): Record<string, unknown>[] {
  const s = deref(schema);
  const required = withMembers(s, s.required ?? []);
  const bases = [required, ...(s.oneOf ?? []).map((alt) => withMembers(s, alt.required ?? [], required))];
  const optional = Object.keys(s.properties ?? {}).filter((name) => !(s.required ?? []).includes(name));
  const all = [{}, ...bases, ...bases.flatMap((base) => optional.map((name) => withMembers(s, [name], base)))];
  return [...new Map(all.map((body) => [JSON.stringify(body), body])).values()];
}

const ajv = new Ajv2020({ strict: false, validateFormats: true });
addFormats.default(ajv);
const COMPONENTS_ID = "https://sendwell.test/openapi/components";
const rewrite = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as object;
ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewrite(components) });

let key: string;
beforeAll(async () => {
  key = (await makeWorkspace()).writeKey;
});

describe("request bodies: the document and the server agree", () => {
  it("finds operations with bodies to probe", () => {
    expect(ops.length).toBeGreaterThan(10);
  });

  it.each(ops.map((op) => [op.name, op] as const))("%s", async (_, op) => {
    const validate = ajv.compile(rewrite(op.body));
    const disagreements: string[] = [];
    for (const body of probes(op.body!)) {
      const path = op.template.replace(/\{\w+\}/g, ABSENT_ID);
      const res = await op.handler(
        new Request(`http://sendwell.test${path}`, {
          method: op.method,
          headers: { "X-API-Key": key, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve(Object.fromEntries(op.pathParams.map((p) => [p, ABSENT_ID]))) },
      );
      const answer = (await res.json()) as { errors?: { pointer: string; detail: string }[] };
      const refused =
        res.status === 422 && (answer.errors ?? []).some((e) => !REFERENCE_DETAILS.some((r) => r.test(e.detail)));
      const documented = validate(body);
      if (documented === refused) {
        disagreements.push(
          documented
            ? `the document accepts ${JSON.stringify(body)}; the server refuses it: ${JSON.stringify(answer.errors)}`
            : `the document refuses ${JSON.stringify(body)} (${validate.errors?.[0]?.instancePath || "/"} ` +
                `${validate.errors?.[0]?.message}); the server answers ${res.status}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });
});
