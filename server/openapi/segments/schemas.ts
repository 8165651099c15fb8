// The segments resource (app/api/v1/segments): its tag, its answers' schemas and the rule language spelled out, for
// the operations beside this file.
import { z } from "zod";
import { MAX_CONDITIONS, OPERATORS_BY_KIND, ZSegment } from "@/lib/schemas/segments";
import { dataEnvelope } from "../shared";

export const tag = "Segments";
export const ZSegmentEnvelope = dataEnvelope(ZSegment);
export const ZPreviewResult = z.object({ data: z.object({ contactCount: z.int().nonnegative() }) });

const operators = (Object.entries(OPERATORS_BY_KIND) as [string, readonly string[]][])
  .map(([kind, ops]) => `- **${kind}**: ${ops.map((o) => `\`${o}\``).join(", ")}`)
  .join("\n");

/** The rule language, spelled out on every operation that takes rules. */
export const RULES = `
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
