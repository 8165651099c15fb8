// What every answer of the API must be, whatever the request: no 5xx, a status the document lists for the operation,
// a problem body whose status is the HTTP status for every error, and a success body valid against the documented
// schema. Success bodies are checked with Ajv's JSON Schema 2020-12 build: OpenAPI 3.1 schemas *are* 2020-12 (plus
// the annotation keywords `example` and `discriminator`, registered below as vocabulary), so the document is used
// as served instead of being converted by hand, and ajv-formats checks `uuid`, `date-time` and `email` exactly.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Document, Operation } from "./operations";

const COMPONENTS_ID = "https://sendwell.test/openapi/components";

export type Answer = { status: number; contentType: string; text: string; streamError?: string };

export function responseChecker(doc: Document) {
  const ajv = new Ajv2020({ allErrors: false, strict: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
  const rewrite = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as object;
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewrite(doc.components?.schemas ?? {}) });
  const compiled = new Map<string, ValidateFunction>();

  const validator = (op: Operation, status: string, media: string) => {
    const key = `${op.name} ${status} ${media}`;
    if (!compiled.has(key)) {
      const schema = op.responses[status]?.content?.[media]?.schema;
      compiled.set(key, ajv.compile(schema ? rewrite(schema) : {}));
    }
    return compiled.get(key)!;
  };

  /** Every way this answer breaks the contract, as short sentences (empty: it keeps it). */
  return function check(op: Operation, pathname: string, res: Answer): string[] {
    const found: string[] = [];
    if (res.streamError) found.push(`the body stream failed after status ${res.status}: ${res.streamError}`);
    if (res.status >= 500) found.push(`answered ${res.status}`);
    if (res.status === 429) found.push("answered 429: the test's rate limit setting did not apply");
    const documented = op.responses[String(res.status)] ?? op.responses[`${String(res.status)[0]}XX`];
    if (!documented) found.push(`status ${res.status} is not documented for ${op.name}`);
    const media = res.contentType.split(";")[0]!.trim();
    if (res.status >= 400) return [...found, ...checkProblem(res, media, pathname)];
    if (!documented) return found;
    const content = documented.content;
    if (!content || Object.keys(content).length === 0) {
      if (res.text !== "") found.push(`a ${res.status} without documented content has a body`);
      return found;
    }
    if (!content[media]) {
      found.push(`content type ${res.contentType || "(none)"} is not documented for ${res.status}`);
      return found;
    }
    const body = media.endsWith("json") ? parseJson(res.text) : res.text;
    if (body === INVALID) return [...found, "the success body is not JSON"];
    const validate = validator(op, String(res.status), media);
    if (!validate(body)) {
      const e = validate.errors?.[0];
      found.push(`the ${res.status} body does not match its schema: ${e?.instancePath || "/"} ${e?.message}`);
    }
    return found;
  };
}

function checkProblem(res: Answer, media: string, pathname: string): string[] {
  const found: string[] = [];
  if (media !== "application/problem+json") found.push(`error content type is ${res.contentType || "(none)"}`);
  const body = parseJson(res.text) as Record<string, unknown> | typeof INVALID;
  if (body === INVALID || typeof body !== "object" || body === null) return [...found, "the error body is not JSON"];
  if (body.status !== res.status) found.push(`problem status ${String(body.status)} ≠ HTTP ${res.status}`);
  for (const field of ["type", "title", "detail", "instance"]) {
    if (typeof body[field] !== "string" || body[field] === "") found.push(`problem has no ${field}`);
  }
  if (typeof body.instance === "string" && body.instance !== pathname) {
    found.push(`problem instance ${body.instance.slice(0, 80)} is not the request path`);
  }
  return found;
}

const INVALID = Symbol("invalid JSON");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}
