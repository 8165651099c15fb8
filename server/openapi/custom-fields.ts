// OpenAPI operations of the custom-fields resource (app/api/v1/custom-fields).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { offsetPage, ZIdParams } from "@/lib/schemas/common";
import {
  ZCreateCustomField,
  ZCustomField,
  ZListCustomFieldsQuery,
  ZUpdateCustomField,
} from "@/lib/schemas/custom-fields";
import { registerOperation } from "./registry";

const tag = "Custom fields";
const ZCustomFieldEnvelope = z.object({ data: ZCustomField });

export function registerCustomFields(registry: OpenAPIRegistry) {
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/custom-fields",
    operationId: "listCustomFields",
    scope: "read",
    summary: "List custom fields",
    description: "Oldest first (the order they were defined in), offset pagination.",
    tag,
    query: ZListCustomFieldsQuery,
    success: { status: 200, description: "A page of custom fields", schema: offsetPage(ZCustomField) },
    errors: [422],
  });
  registerOperation(registry, {
    method: "post",
    path: "/api/v1/custom-fields",
    operationId: "createCustomField",
    scope: "write",
    summary: "Define a custom field",
    description:
      "`key` is the stable name used in contact `fields`, segment rules and merge tags: unique per workspace " +
      "(409), immutable, and not one of the reserved names of built-in attributes (email, first_name, status…). " +
      "`options` are required for select fields (unique ignoring case) and refused for other types.",
    tag,
    body: ZCreateCustomField,
    success: { status: 201, description: "The new custom field", schema: ZCustomFieldEnvelope },
    errors: [409, 422],
  });
  registerOperation(registry, {
    method: "get",
    path: "/api/v1/custom-fields/{id}",
    operationId: "getCustomField",
    scope: "read",
    summary: "Get a custom field",
    tag,
    params: ZIdParams,
    success: { status: 200, description: "The custom field", schema: ZCustomFieldEnvelope },
    errors: [404],
  });
  registerOperation(registry, {
    method: "patch",
    path: "/api/v1/custom-fields/{id}",
    operationId: "updateCustomField",
    scope: "write",
    summary: "Update a custom field",
    description:
      "The label can always change. `key` cannot (422). The type can change only while no contact holds a value " +
      "for the field (422 otherwise); changing to select needs options, leaving select drops them. New options may " +
      "not drop a value that contacts hold (422 listing them).",
    tag,
    params: ZIdParams,
    body: ZUpdateCustomField,
    success: { status: 200, description: "The updated custom field", schema: ZCustomFieldEnvelope },
    errors: [404, 422],
  });
  registerOperation(registry, {
    method: "delete",
    path: "/api/v1/custom-fields/{id}",
    operationId: "deleteCustomField",
    scope: "write",
    summary: "Delete a custom field",
    description:
      "Also removes the field's value from every contact, in the same transaction. No per-contact events are written.",
    tag,
    params: ZIdParams,
    success: { status: 204, description: "Deleted", schema: null },
    errors: [404],
  });
}
