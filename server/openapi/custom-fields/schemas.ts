// The custom-fields resource (app/api/v1/custom-fields): its tag and its answers' schemas, for the operations beside
// this file.
import { ZCustomField } from "@/lib/schemas/custom-fields";
import { dataEnvelope } from "../shared";

export const tag = "Custom fields";
export const ZCustomFieldEnvelope = dataEnvelope(ZCustomField);
