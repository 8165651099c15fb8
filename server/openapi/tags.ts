// OpenAPI operations of the tags resource (app/api/v1/tags).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { offsetPage, ZIdParams } from "@/lib/schemas/common";
import { ZCreateTag, ZListTagsQuery, ZTag, ZUpdateTag } from "@/lib/schemas/tags";
import { registerOperation } from "./registry";

const tag = "Tags";
const ZTagEnvelope = z.object({ data: ZTag });

export function registerTags(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/tags",
    operationId: "listTags",
    scope: "read",
    summary: "List tags",
    description: "Newest first, offset pagination. `count` is the number of contacts carrying each tag.",
    tag,
    query: ZListTagsQuery,
    success: { status: 200, description: "A page of tags", schema: offsetPage(ZTag) },
    errors: [422],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/tags",
    operationId: "createTag",
    scope: "write",
    summary: "Create a tag",
    description: "Names are unique per workspace, ignoring case. Without `color`, a colour from a palette is chosen.",
    tag,
    body: ZCreateTag,
    success: { status: 201, description: "The new tag", schema: ZTagEnvelope },
    errors: [409, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/tags/{id}",
    operationId: "getTag",
    scope: "read",
    summary: "Get a tag",
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The tag", schema: ZTagEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "patch",
    path: "/api/v1/tags/{id}",
    operationId: "updateTag",
    scope: "write",
    summary: "Rename or recolour a tag",
    tag,
    params: ZIdParams,
    body: ZUpdateTag,
    success: { status: 200, description: "The updated tag", schema: ZTagEnvelope },
    errors: [404, 409, 422],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/tags/{id}",
    operationId: "deleteTag",
    scope: "write",
    summary: "Delete a tag",
    description: "Contacts keep everything else; only their link to this tag goes.",
    tag,
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404],
  });
}
