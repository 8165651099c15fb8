// Every contacts and custom-fields route against the auth and isolation matrix.
import { beforeAll } from "vitest";
import * as contacts from "@/app/api/v1/contacts/route";
import * as contactBatch from "@/app/api/v1/contacts/batch/route";
import * as contact from "@/app/api/v1/contacts/[id]/route";
import * as contactTags from "@/app/api/v1/contacts/[id]/tags/route";
import * as contactTag from "@/app/api/v1/contacts/[id]/tags/[tagId]/route";
import * as contactActivity from "@/app/api/v1/contacts/[id]/activity/route";
import * as fields from "@/app/api/v1/custom-fields/route";
import * as field from "@/app/api/v1/custom-fields/[id]/route";
import * as tags from "@/app/api/v1/tags/route";
import { describeAuthMatrix, type MatrixRoute } from "../support/auth-matrix";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let owner: Ws;
let other: Ws;
let contactId: string;
let tagId: string;
let fieldId: string;

beforeAll(async () => {
  [owner, other] = [await makeWorkspace(), await makeWorkspace()];
  tagId = (await call(tags.POST, "POST", "/api/v1/tags", { key: owner.writeKey, body: { name: "T" } })).body.data.id;
  contactId = (
    await call(contacts.POST, "POST", "/api/v1/contacts", {
      key: owner.writeKey,
      body: { email: "matrix@example.com", tagIds: [tagId] },
    })
  ).body.data.id;
  fieldId = (
    await call(fields.POST, "POST", "/api/v1/custom-fields", {
      key: owner.writeKey,
      body: { key: "matrix", label: "Matrix", type: "text" },
    })
  ).body.data.id;
});

const id = () => ({ id: contactId });
const routes: MatrixRoute[] = [
  { name: "GET /contacts", method: "GET", handler: contacts.GET, path: () => "/api/v1/contacts" },
  {
    name: "POST /contacts",
    method: "POST",
    handler: contacts.POST,
    path: () => "/api/v1/contacts",
    body: () => ({ email: "new@example.com" }),
  },
  {
    name: "POST /contacts/batch",
    method: "POST",
    handler: contactBatch.POST,
    path: () => "/api/v1/contacts/batch",
    body: () => ({ contacts: [{ email: "batch@example.com" }] }),
  },
  {
    name: "GET /contacts/{id}",
    method: "GET",
    handler: contact.GET,
    path: () => `/api/v1/contacts/${contactId}`,
    params: id,
  },
  {
    name: "PATCH /contacts/{id}",
    method: "PATCH",
    handler: contact.PATCH,
    path: () => `/api/v1/contacts/${contactId}`,
    params: id,
    body: () => ({ firstName: "Changed" }),
  },
  {
    name: "DELETE /contacts/{id}",
    method: "DELETE",
    handler: contact.DELETE,
    path: () => `/api/v1/contacts/${contactId}`,
    params: id,
  },
  {
    name: "POST /contacts/{id}/tags",
    method: "POST",
    handler: contactTags.POST,
    path: () => `/api/v1/contacts/${contactId}/tags`,
    params: id,
    body: () => ({ tagIds: [tagId] }),
  },
  {
    name: "DELETE /contacts/{id}/tags/{tagId}",
    method: "DELETE",
    handler: contactTag.DELETE,
    path: () => `/api/v1/contacts/${contactId}/tags/${tagId}`,
    params: () => ({ id: contactId, tagId }),
  },
  {
    name: "GET /contacts/{id}/activity",
    method: "GET",
    handler: contactActivity.GET,
    path: () => `/api/v1/contacts/${contactId}/activity`,
    params: id,
  },
  { name: "GET /custom-fields", method: "GET", handler: fields.GET, path: () => "/api/v1/custom-fields" },
  {
    name: "POST /custom-fields",
    method: "POST",
    handler: fields.POST,
    path: () => "/api/v1/custom-fields",
    body: () => ({ key: "other", label: "Other", type: "number" }),
  },
  {
    name: "GET /custom-fields/{id}",
    method: "GET",
    handler: field.GET,
    path: () => `/api/v1/custom-fields/${fieldId}`,
    params: () => ({ id: fieldId }),
  },
  {
    name: "PATCH /custom-fields/{id}",
    method: "PATCH",
    handler: field.PATCH,
    path: () => `/api/v1/custom-fields/${fieldId}`,
    params: () => ({ id: fieldId }),
    body: () => ({ label: "Renamed" }),
  },
  {
    name: "DELETE /custom-fields/{id}",
    method: "DELETE",
    handler: field.DELETE,
    path: () => `/api/v1/custom-fields/${fieldId}`,
    params: () => ({ id: fieldId }),
  },
];

describeAuthMatrix(
  routes,
  () => owner,
  () => other,
);
