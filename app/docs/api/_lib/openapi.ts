// Reading the generated OpenAPI document for the reference page: types, $ref resolution, schema flattening.
import type { openApiDocument } from "@/server/openapi/document";

export type Doc = ReturnType<typeof openApiDocument>;
type Components = NonNullable<Doc["components"]>;
export type SchemaOrRef = NonNullable<Components["schemas"]>[string];
export type Schema = Exclude<SchemaOrRef, { $ref: string }>;
export type PathItem = NonNullable<Doc["paths"]>[string];
export type Operation = NonNullable<PathItem["get"]>;
export type RequestBody = Exclude<NonNullable<Operation["requestBody"]>, { $ref: string }>;
export type Method = "get" | "post" | "put" | "patch" | "delete";
export const METHODS: Method[] = ["get", "post", "put", "patch", "delete"];

export function isRef(value: object): value is { $ref: string } {
  return "$ref" in value && typeof value.$ref === "string";
}

/** Follows local `#/components/<kind>/<name>` references; the document has no remote ones. */
export function deref<T extends object>(doc: Doc, value: T | { $ref: string }): T | undefined {
  if (!isRef(value)) return value;
  const [, , kind, name] = value.$ref.split("/");
  const table = kind
    ? (doc.components as Record<string, Record<string, T> | undefined> | undefined)?.[kind]
    : undefined;
  const target = name ? table?.[name] : undefined;
  return target ? deref(doc, target) : undefined;
}

export const schemaOf = (doc: Doc, value: SchemaOrRef): Schema | undefined => deref<Schema>(doc, value);

export function refName(value: object): string | undefined {
  return isRef(value) ? value.$ref.split("/").pop() : undefined;
}

export function typeLabel(doc: Doc, schema: SchemaOrRef): string {
  const name = refName(schema);
  const s = schemaOf(doc, schema);
  if (!s) return name ?? "unknown";
  if (s.type === "array" && s.items) return `${typeLabel(doc, s.items)}[]`;
  const base = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? (s.oneOf || s.anyOf ? "one of" : "any"));
  const typed = s.format ? `${base} (${s.format})` : base;
  return name && s.type === "object" ? name : typed;
}

export type FieldRow = {
  path: string;
  type: string;
  required: boolean;
  description?: string;
  notes: string[];
  schemaRef?: string;
};

export function notesOf(s: Schema): string[] {
  const notes: string[] = [];
  if (s.enum) notes.push(`One of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    notes.push(`Length ${s.minLength ?? 0}–${s.maxLength ?? "∞"}`);
  if (s.minimum !== undefined) notes.push(`≥ ${s.minimum}`);
  if (typeof s.exclusiveMinimum === "number") notes.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) notes.push(`≤ ${s.maximum}`);
  if (s.pattern) notes.push(`Pattern ${s.pattern}`);
  if (s.example !== undefined) notes.push(`Example ${JSON.stringify(s.example)}`);
  return notes;
}

/**
 * One row per property; inline objects and arrays of them as dotted paths (`errors[].pointer`). Named schemas
 * (`$ref`) are not expanded: the row links to their one description in the Schemas section.
 */
export function flattenFields(doc: Doc, schemaOrRef: SchemaOrRef, prefix = "", depth = 0): FieldRow[] {
  const schema = schemaOf(doc, schemaOrRef);
  if (!schema?.properties || depth > 4) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const s = schemaOf(doc, child);
    const items = s?.type === "array" && s.items ? s.items : undefined;
    const named = refName(items ?? child);
    const row: FieldRow = {
      path,
      type: typeLabel(doc, child),
      required: required.has(name),
      description: s?.description,
      notes: s ? notesOf(s) : [],
      schemaRef: named,
    };
    if (named) return [row];
    const nested = items
      ? flattenFields(doc, items, `${path}[]`, depth + 1)
      : s
        ? flattenFields(doc, s, path, depth + 1)
        : [];
    return [row, ...nested];
  });
}

/** Placeholders for string formats that carry no example of their own, so samples look like real values. */
const formatExamples: Record<string, string> = {
  uuid: "3f8e2c1a-5b7d-4e9f-a1c2-6d0b9e8f7a21",
  email: "ada@example.com",
  "date-time": "2026-11-22T09:30:00.000Z",
  date: "2026-11-22",
  uri: "https://example.com/hooks/sendwell",
  url: "https://example.com/hooks/sendwell",
};

/** A plausible value from the schema's examples: the curl sample's body and the webhook events' example bodies. */
export function exampleOf(doc: Doc, schemaOrRef: SchemaOrRef, depth = 0): unknown {
  const s = schemaOf(doc, schemaOrRef);
  if (!s || depth > 4) return null;
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.properties) {
    const required = new Set(s.required ?? Object.keys(s.properties));
    const entries = Object.entries(s.properties).filter(([k]) => required.has(k) || required.size === 0);
    return Object.fromEntries(entries.map(([k, v]) => [k, exampleOf(doc, v, depth + 1)]));
  }
  // A nullable field (`["string", "null"]`) is shown with a value: null says less about its shape.
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  if (type === "array") return s.items ? [exampleOf(doc, s.items, depth + 1)] : [];
  if (type === "integer" || type === "number") return s.minimum ?? 0;
  if (type === "boolean") return true;
  if (type === "object") return {};
  return (s.format && formatExamples[s.format]) ?? "string";
}

const slug = (text: string) => text.replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "");

export const anchorOf = (method: string, path: string) => `${method}-${slug(path)}`;

/** `Custom fields` → `tag-Custom-fields`: ids and fragments without spaces. */
export const tagAnchor = (tag: string) => `tag-${slug(tag)}`;

/** `contact.tag_added` → `event-contact-tag-added`. */
export const eventAnchor = (type: string) => `event-${slug(type)}`;

export type WebhookEvent = { type: string; op: Operation };

/** The OpenAPI 3.1 `webhooks` section: one POST per event type, in document order. */
export function webhookEventsOf(doc: Doc): WebhookEvent[] {
  return Object.entries(doc.webhooks ?? {}).flatMap(([type, item]) => {
    const op = item.post ?? METHODS.map((m) => item[m]).find(Boolean);
    return op ? [{ type, op }] : [];
  });
}

/** Named schemas that are an event's body, to their event type: described by the event's card, not twice. */
export function eventBodySchemas(doc: Doc, events: WebhookEvent[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { type, op } of events) {
    const body = op.requestBody ? deref<RequestBody>(doc, op.requestBody) : undefined;
    const schema = body?.content?.["application/json"]?.schema;
    const name = schema ? refName(schema) : undefined;
    if (name) map.set(name, type);
  }
  return map;
}

/** Descriptions of the document's top-level `tags`, by name. */
export function tagDescriptions(doc: Doc): Map<string, string> {
  return new Map((doc.tags ?? []).flatMap((t) => (t.description ? [[t.name, t.description] as const] : [])));
}
