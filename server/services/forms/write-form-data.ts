// CreateForm / UpdateForm input → the Form columns it sets (landingPageMeta and slug are landing-slug.ts's), after the
// references it makes are checked against the workspace.
import type { Prisma } from "@/server/db/generated/client";
import type { UpdateForm } from "@/lib/schemas/forms";
import { checkFormReferences } from "./form-references";

type Data = Omit<Prisma.FormUncheckedUpdateInput, "landingPageMeta" | "slug">;

const COLUMNS = [
  "name",
  "type",
  "heading",
  "description",
  "segmentId",
  "successMessage",
  "redirectUrl",
  "doubleOptIn",
  "consentStatement",
  "privacyPolicyUrl",
  "captureTimezone",
  "confirmationSubject",
  "confirmationText",
  "confirmationRedirectUrl",
] as const;

export async function formData(workspaceId: string, input: UpdateForm): Promise<Data> {
  const tagIds = input.tagIds ? [...new Set(input.tagIds)] : undefined;
  await checkFormReferences(workspaceId, { fields: input.fields, tagIds, segmentId: input.segmentId });
  const data: Data = {};
  for (const key of COLUMNS) {
    // undefined: not sent, left as it is; null (the nullable texts, segmentId): cleared.
    if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
  }
  if (tagIds) data.tagIds = tagIds;
  // JSON columns hold the validated, normalised values (defaults filled in).
  if (input.fields) data.fields = input.fields as Prisma.InputJsonValue;
  if (input.styles) data.styles = input.styles as Prisma.InputJsonValue;
  if (input.display) data.display = input.display as Prisma.InputJsonValue;
  return data;
}
