import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { Form } from "@/lib/schemas/forms";
import { formSelect, loadForm, newForm, toForm } from "./form-record";
import { writeWithSlug } from "./landing-slug";

/**
 * A new draft "<name> (copy)" with the same definition, from a form in any status; never the source's state,
 * counts or slug (a page of its own is generated from the copy's name). The source is not touched.
 */
export async function duplicateForm({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<Form> {
  const source = toForm(await loadForm(workspaceId, formId));
  const name = `${source.name} (copy)`.slice(0, 200);
  const plan = source.landingPageMeta ? { meta: source.landingPageMeta, generatedFrom: name } : undefined;
  const json = (v: unknown) => v as Prisma.InputJsonValue;
  const row = await writeWithSlug(plan, (slugData) =>
    db().form.create({
      data: {
        workspaceId,
        name,
        status: "draft",
        type: source.type,
        heading: source.heading,
        description: source.description,
        segmentId: source.segmentId,
        tagIds: source.tagIds,
        fields: json(source.fields),
        styles: json(source.styles),
        display: json(source.display),
        successMessage: source.successMessage,
        redirectUrl: source.redirectUrl,
        doubleOptIn: source.doubleOptIn,
        consentStatement: source.consentStatement,
        privacyPolicyUrl: source.privacyPolicyUrl,
        captureTimezone: source.captureTimezone,
        confirmationSubject: source.confirmationSubject,
        confirmationText: source.confirmationText,
        confirmationRedirectUrl: source.confirmationRedirectUrl,
        landingPageMeta: slugData.landingPageMeta ? json(slugData.landingPageMeta) : undefined,
        slug: slugData.slug ?? null,
      },
      select: formSelect,
    }),
  );
  return newForm(row);
}
