import { ZListFormsQuery } from "@/lib/schemas/forms";
import { ok, type Operation } from "../shared";
import { tag, ZFormPage } from "./schemas";

export const listForms: Operation = {
  method: "get",
  path: "/api/v1/forms",
  operationId: "listForms",
  scope: "read",
  summary: "List forms",
  description:
    "Filter by `status`, `type`, `search` (name, case-insensitive) and `from`/`to` (created; a day or a " +
    "date-time). Sort by `sortBy` (createdAt, name, publishedAt, submissionsCount; forms never published come " +
    "last) and `order` (default createdAt desc). Offset pagination: `page` ≥ 1, `limit` 1–100 (default 20). " +
    "Any invalid value is a 422 naming the parameter. Deleted forms are never listed.",
  tag,
  query: ZListFormsQuery,
  success: ok("A page of forms", ZFormPage),
};
