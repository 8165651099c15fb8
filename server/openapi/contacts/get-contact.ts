import { ZIdParams } from "@/lib/schemas/common";
import { ok, type Operation } from "../shared";
import { tag, ZContactEnvelope } from "./schemas";

export const getContact: Operation = {
  method: "get",
  path: "/api/v1/contacts/{id}",
  operationId: "getContact",
  scope: "read",
  summary: "Get a contact",
  tag,
  params: ZIdParams,
  success: ok("The contact", ZContactEnvelope),
};
