// OpenAPI operations of the segments resource (app/api/v1/segments), with the rule language spelled out.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { cursorPage, offsetPage, ZIdParams } from "@/lib/schemas/common";
import { ZContact } from "@/lib/schemas/contacts";
import {
  MAX_CONDITIONS,
  OPERATORS_BY_KIND,
  ZCreateSegment,
  ZListSegmentsQuery,
  ZPreviewSegment,
  ZSegment,
  ZSegmentContactsQuery,
  ZUpdateSegment,
} from "@/lib/schemas/segments";
import { registerOperation } from "./registry";

const tag = "Segments";
const ZSegmentEnvelope = z.object({ data: ZSegment });
const ZPreviewResult = z.object({ data: z.object({ contactCount: z.int().nonnegative() }) });

const operators = (Object.entries(OPERATORS_BY_KIND) as [string, readonly string[]][])
  .map(([kind, ops]) => `- **${kind}**: ${ops.map((o) => `\`${o}\``).join(", ")}`)
  .join("\n");

const RULES = `
**Rules** are \`{ match: "all" | "any", conditions: [...] }\`. A condition is a leaf or a group
\`{ type: "group", match, conditions: [leaves] }\`; groups nest one level only. At most ${MAX_CONDITIONS} leaf
conditions in all; empty lists are refused.

Leaves:
- \`{ type: "field", field, operator, value }\` where \`field\` is \`email\`, \`firstName\`, \`lastName\` (text),
  \`timezone\`, \`status\`, \`createdAt\` (date) or \`fields.<key>\` of a custom field (its type decides).
- \`{ type: "tag", operator: "has" | "has_not", tagId }\` — the tag must belong to the workspace.
- \`{ type: "activity", action: "opened" | "clicked" | "not_opened", broadcastId?, withinDays? }\` — without
  \`broadcastId\`, any broadcast; \`not_opened\` only matches contacts that were sent the email(s).
- \`{ type: "activity", action: "submitted_form", formId?, withinDays? }\` — without \`formId\`, any form.

Every record a condition names must be the workspace's own: a tag, a broadcast, a form (not deleted), a custom field
(and a select field's option). Any other id, unknown or another workspace's, is a 422 pointing at it, e.g.
\`#/rules/conditions/0/broadcastId\`.

Operators by field type:
${operators}

Text comparisons ignore case. Negative operators (\`not_equals\`, \`not_contains\`, \`has_not\`) also match contacts
without a value. Dates are \`YYYY-MM-DD\` UTC days (\`after\` means after that day); \`within_last_days\` and
\`more_than_days_ago\` take whole days. Stored values that do not parse as their field's type count as not set.
A stored segment whose custom field was deleted or retyped since keeps working; the affected condition matches
no contact. Invalid rules are a 422 whose \`errors[].pointer\` names the member, e.g.
\`#/rules/conditions/2/conditions/0/value\`.`;

export function registerSegments(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/segments",
    operationId: "listSegments",
    scope: "read",
    summary: "List segments",
    description: "Newest first, offset pagination. Each segment's `contactCount` is counted live.",
    tag,
    query: ZListSegmentsQuery,
    success: { status: 200, description: "A page of segments", schema: offsetPage(ZSegment) },
    errors: [422],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/segments",
    operationId: "createSegment",
    scope: "write",
    summary: "Create a segment",
    description: `A segment is a saved query evaluated live, never a stored list.\n${RULES}`,
    tag,
    body: ZCreateSegment,
    success: { status: 201, description: "The new segment with its count", schema: ZSegmentEnvelope },
    errors: [422],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/segments/preview",
    operationId: "previewSegment",
    scope: "read",
    summary: "Count the contacts of unsaved rules",
    description: `The live count of a segment builder. Validation is the same as on create; nothing is stored. It changes nothing, so a read key may call it.\n${RULES}`,
    tag,
    body: ZPreviewSegment,
    success: { status: 200, description: "The number of matching contacts", schema: ZPreviewResult },
    errors: [422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/segments/{id}",
    operationId: "getSegment",
    scope: "read",
    summary: "Get a segment",
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The segment with its live count", schema: ZSegmentEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "patch",
    path: "/api/v1/segments/{id}",
    operationId: "updateSegment",
    scope: "write",
    summary: "Update a segment",
    description: "Send any of `name`, `description` (null clears it) and `rules` (replaced whole).",
    tag,
    params: ZIdParams,
    body: ZUpdateSegment,
    success: { status: 200, description: "The updated segment", schema: ZSegmentEnvelope },
    errors: [404, 422],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/segments/{id}",
    operationId: "deleteSegment",
    scope: "write",
    summary: "Delete a segment",
    description: "Only the rules go; no contact is changed.",
    tag,
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/segments/{id}/contacts",
    operationId: "listSegmentContacts",
    scope: "read",
    summary: "List a segment's contacts",
    description: "The contacts matching the rules now, newest first, cursor pagination (`nextCursor` null at the end).",
    tag,
    params: ZIdParams,
    query: ZSegmentContactsQuery,
    success: { status: 200, description: "A page of contacts", schema: cursorPage(ZContact) },
    errors: [404, 422],
  });
}
