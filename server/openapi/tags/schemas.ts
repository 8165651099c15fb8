// The tags resource (app/api/v1/tags): its tag and its answers' schemas, for the operations beside this file.
import { ZTag } from "@/lib/schemas/tags";
import { dataEnvelope } from "../shared";

export const tag = "Tags";
export const ZTagEnvelope = dataEnvelope(ZTag);
