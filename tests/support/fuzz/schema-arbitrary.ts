// A small JSON Schema (OpenAPI 3.1) → fast-check arbitrary mapper for "valid-ish" inputs: values of the documented
// types that honour enums, formats, patterns, lengths, ranges and required keys, and that borrow real ids and words
// from the seeded workspaces so that many requests get past validation into the services and the database.
// Only the keywords the document uses are mapped; anything else falls back to an arbitrary JSON value.
import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  example?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Hints = {
  /** Real ids for a property or parameter name (`tagIds` → the seeded tags), any seeded id otherwise. */
  idsFor(name: string | undefined): string[];
  /** Strings worth trying where free text goes: custom-field keys, tag names, emails of seeded contacts. */
  words: string[];
  components: Record<string, JsonSchema>;
};

/** Valid-ish inputs stay small: the huge ones are the broken cases' job. */
const SMALL = 3;

export function deref(schema: JsonSchema, hints: Hints): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) s = hints.components[s.$ref.replace("#/components/schemas/", "")] ?? {};
  return s;
}

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

export function validish(schema: JsonSchema, hints: Hints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(schema, hints);
  if (depth > 8) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives && s.properties) {
    // An object whose alternatives only say which members go together (a schedule's two modes): each alternative
    // is the object's own members, narrowed by it.
    return fc.oneof(...alternatives.map((a) => validish(narrowed(s, deref(a, hints)), hints, name, depth + 1)));
  }
  if (alternatives) return fc.oneof(...alternatives.map((a) => validish(a, hints, name, depth + 1)));
  if (s.allOf) return validish(mergeAll(s.allOf.map((a) => deref(a, hints))), hints, name, depth + 1);
  const types = typesOf(s);
  const generated =
    types.length === 0 ? anyValue(hints) : fc.oneof(...types.map((t) => ofType(t, s, hints, name, depth)));
  // The document's own example is the likeliest value to be accepted (a time zone, a colour, a limit); not for URLs,
  // which must stay on the test's receiver or on hosts that never resolve (webhook test deliveries are real requests).
  if (s.example === undefined || isUrlName(name)) return generated;
  return fc.oneof(generated, fc.constant(s.example));
}

function ofType(type: string, s: JsonSchema, hints: Hints, name: string | undefined, depth: number) {
  switch (type) {
    case "string":
      return stringOf(s, hints, name);
    case "integer":
      return fc.integer({ min: lowerBound(s, 1) ?? -1000, max: upperBound(s, 1) ?? 1000 });
    case "number":
      return fc.double({
        min: lowerBound(s, Number.EPSILON) ?? -1e6,
        max: upperBound(s, Number.EPSILON) ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const min = s.minItems ?? 0;
      return fc.array(validish(s.items ?? {}, hints, name, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? SMALL, SMALL)),
      });
    }
    default:
      return objectOf(s, hints, depth);
  }
}

const lowerBound = (s: JsonSchema, step: number) =>
  s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + step);
const upperBound = (s: JsonSchema, step: number) =>
  s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - step);

function objectOf(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(props).map(([key, sub]) => [key, validish(sub, hints, key, depth + 1)]),
  );
  const fixed = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  const extra = s.additionalProperties;
  if (!extra || Object.keys(props).length > 0) {
    return s.minProperties ? fixed.filter((o) => Object.keys(o).length >= s.minProperties!) : fixed;
  }
  // A free-form map (custom-field values): keys from the seeded words, values of any JSON type.
  const key = fc.oneof(fc.constantFrom(...hints.words), fc.string({ maxLength: 10 }));
  const value = extra === true ? anyValue(hints) : validish(extra, hints, undefined, depth + 1);
  return fc.dictionary(key, value, { maxKeys: SMALL, minKeys: s.minProperties ?? 0 });
}

function stringOf(s: JsonSchema, hints: Hints, name: string | undefined): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  const fits = (v: string) => v.length >= min && v.length <= max;
  // Names say what the schema does not (yet): an email field takes an address, a url field a URL that resolves.
  const format = s.format ?? (/email$/i.test(name ?? "") ? "email" : isUrlName(name) ? "url" : undefined);
  switch (format) {
    case "uuid":
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...hints.idsFor(name)) }, fc.uuid());
    case "date-time":
      return dateArb.map((d) => d.toISOString());
    case "date":
      return dateArb.map((d) => d.toISOString().slice(0, 10));
    case "email":
      return fc.oneof(fc.constantFrom(...hints.words.filter((w) => w.includes("@"))), simpleEmail).filter(fits);
    case "uri":
    case "url":
      return fc
        .oneof(fc.constantFrom(...hints.words.filter((w) => w.startsWith("http"))), unresolvableUrl)
        .filter(fits);
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
      { weight: 2, arbitrary: fc.constantFrom(...hints.words) },
      fc.emailAddress(),
      fc.integer({ min: 0, max: 120 }).map(String),
      dateArb.map((d) => d.toISOString().slice(0, 10)),
      dateArb.map((d) => d.toISOString()),
      unresolvableUrl,
      fc.constantFrom(...hints.idsFor(name)),
    )
    .filter(fits);
}

const isUrlName = (name: string | undefined) => /url$/i.test(name ?? "");

/** https URLs under `.invalid` (RFC 2606): well-formed, and no request to them ever leaves the machine. */
const unresolvableUrl = fc
  .tuple(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/), fc.webPath())
  .map(([host, path]) => `https://${host}.invalid${path}`);

const simpleEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    fc.constantFrom("com", "org", "de"),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

const dateArb = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2099-12-31T00:00:00Z"),
  noInvalidDate: true,
});

function anyValue(hints: Hints): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(...hints.words),
    fc.integer({ min: -10, max: 1000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  );
}

/** `base` without its alternatives, with `alt`'s required members, constants, and members it rules out dropped. */
function narrowed(base: JsonSchema, alt: JsonSchema): JsonSchema {
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = base;
  const own = (alt.properties ?? {}) as Record<string, JsonSchema | false>;
  const properties = Object.fromEntries(
    Object.entries(base.properties ?? {})
      // `false`: the alternative rules the member out.
      .filter(([key]) => own[key] !== false)
      .map(([key, sub]) => {
        const narrow = own[key];
        return [key, narrow && narrow.const !== undefined ? narrow : sub];
      }),
  );
  return { ...rest, properties, required: [...new Set([...(base.required ?? []), ...(alt.required ?? [])])] };
}

function mergeAll(parts: JsonSchema[]): JsonSchema {
  return parts.reduce<JsonSchema>(
    (acc, p) => ({
      ...acc,
      ...p,
      properties: { ...acc.properties, ...p.properties },
      required: [...(acc.required ?? []), ...(p.required ?? [])],
    }),
    {},
  );
}
