// The OpenAPI 3.1 document, built from the same zod schemas the routes parse with.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { appUrl } from "@/server/config";
import { registerTags } from "./tags";
import { registerContactExports } from "./contact-exports";
import { registerSegments } from "./segments";
import { registerContacts } from "./contacts";
import { registerCustomFields } from "./custom-fields";
import { registerWebhooks, webhooksTag } from "./webhooks";
import { broadcastsTag, registerBroadcasts } from "./broadcasts";
import { registerBroadcastAnalytics } from "./broadcast-analytics";
import { formsTag, registerForms } from "./forms";
import { registerFormAnalytics } from "./form-analytics";

const resources = [
  registerTags,
  registerSegments,
  registerContacts,
  registerCustomFields,
  registerContactExports,
  registerWebhooks,
  registerBroadcasts,
  registerBroadcastAnalytics,
  registerForms,
  registerFormAnalytics,
];

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

export function openApiDocument() {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description:
      "A workspace API key (`sw_…`), created in the dashboard under Settings → API keys. A key may carry an expiry " +
      "date chosen at creation: from that moment, like a revoked key, it answers 401 with a `detail` saying when it expired.",
  });
  for (const register of resources) register(registry);
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
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
    tags: [webhooksTag, broadcastsTag, formsTag],
    security: [{ ApiKey: [] }],
  });
  return cached;
}
