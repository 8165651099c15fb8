// The OpenAPI 3.1 document, built from the same zod schemas the routes parse with.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { appUrl } from "@/server/config";
import { automationsOperations, automationsTag } from "./automations";
import { broadcastsOperations, broadcastsTag } from "./broadcasts";
import { contactExportOperations, contactsOperations } from "./contacts";
import { customFieldsOperations } from "./custom-fields";
import { formsOperations, formsTag } from "./forms";
import { segmentsOperations } from "./segments";
import { apiKeySecurity, apiKeySecurityScheme, registerOperation } from "./shared";
import { tagsOperations } from "./tags";
import { registerWebhookEvents, webhooksOperations, webhooksTag } from "./webhooks";

// Paths and components appear in the document in the order they are registered: this order is the one the document
// has always had (the contacts export came after the custom fields, the webhook events right after the webhooks).
const beforeWebhookEvents = [
  ...tagsOperations,
  ...segmentsOperations,
  ...contactsOperations,
  ...customFieldsOperations,
  ...contactExportOperations,
  ...webhooksOperations,
];
const afterWebhookEvents = [...broadcastsOperations, ...formsOperations, ...automationsOperations];

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

export function openApiDocument() {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "ApiKey", apiKeySecurityScheme);
  for (const op of beforeWebhookEvents) registerOperation(registry, op);
  registerWebhookEvents(registry);
  for (const op of afterWebhookEvents) registerOperation(registry, op);
  const generated = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Sendwell API",
      version: "1.0.0",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
      description: [
        "The keyed REST API of one Sendwell workspace. Authenticate every request with the `X-API-Key` header.",
        "",
        "**Errors** are RFC 7807 problem bodies (`application/problem+json`) with `type`, `title`, `status`, `detail` and",
        "`instance`; validation failures (422) add `errors: [{ pointer, detail }]` where `pointer` is a JSON pointer into",
        "the body (`#/name`) or the query (`#/query/limit`).",
        "",
        "**Scopes**: each operation states the scope it needs (`x-required-scope`, and a line in its description).",
        "A `read` key may call every operation that changes nothing (every GET, and `previewSegment`); the others",
        "need a `write` key (403 otherwise).",
        "",
        "**Bodies** are JSON (`Content-Type: application/json`) of at most 1 MB: a body that is not JSON is a 400,",
        "a larger one a 413, one declared as another type a 415. Operations without a body of their own take none, or",
        "`{}`; any other body sent to them is refused the same way (422 for any other JSON value).",
        "",
        "**Rate limits**: every response carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;",
        "over the limit the API answers 429 with `Retry-After` (seconds).",
        "",
        "**Pagination**: offset lists take `page` (≥ 1) and `limit` (1–100) and answer",
        "`{ data, total, page, limit, totalPages }`; cursor lists take `limit` and `cursor` and answer",
        "`{ data, nextCursor }`, `nextCursor` being null on the last page. Out-of-range values are a 422. The styles",
        "never mix: `page` with `cursor` is a 422 (`#/query/page`), and so is the other style's parameter on a list",
        "of one style (`page` on a cursor list, `cursor` on an offset list).",
      ].join("\n"),
    },
    servers: [{ url: appUrl() }],
    tags: [webhooksTag, broadcastsTag, formsTag, automationsTag],
    security: apiKeySecurity,
  });
  cached = nullableRefs(generated);
  return cached;
}

/**
 * The generator writes a nullable reference (`ZSegmentRules.nullable()`) as `allOf: [{ $ref }, { type: [T, "null"] }]`,
 * which no null satisfies (allOf needs the $ref too). Rewritten as `anyOf: [{ $ref }, { type: "null" }]`, what the
 * schema means; the other keywords of the second member (a description) stay beside it.
 */
function nullableRefs<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableRefs) as T;
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([k, v]) => [k, nullableRefs(v)] as const);
  const obj = Object.fromEntries(entries) as Record<string, unknown>;
  const allOf = obj.allOf as Record<string, unknown>[] | undefined;
  const [ref, nullable] = allOf ?? [];
  const type = nullable?.type;
  if (allOf?.length === 2 && ref?.$ref && Array.isArray(type) && type.length === 2 && type.includes("null")) {
    const { type: _, ...rest } = nullable!;
    const { allOf: __, ...others } = obj;
    return { ...others, ...rest, anyOf: [ref, { type: "null" }] } as T;
  }
  return obj as T;
}
