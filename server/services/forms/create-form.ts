import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import {
  defaultSuccessMessage,
  successMessageFor,
  ZFormDisplay,
  ZFormFields,
  ZFormStyles,
  type CreateForm,
  type Form,
} from "@/lib/schemas/forms";
import { formSelect, newForm } from "./form-record";
import { planSlug, writeWithSlug } from "./landing-slug";
import { formData } from "./write-form-data";

/**
 * A new draft. Only `name` is required: an inline form with one email field, default styles and display, double
 * opt-in on and the success message that goes with it; a landing_page form gets a slug from its name.
 */
export async function createForm({ workspaceId, input }: { workspaceId: string; input: CreateForm }): Promise<Form> {
  const data = await formData(workspaceId, input);
  const type = input.type ?? "inline";
  const doubleOptIn = input.doubleOptIn ?? true;
  const plan = planSlug({ type, name: input.name, input: input.landingPageMeta, current: null });
  const row = await writeWithSlug(plan, (slugData) =>
    db().form.create({
      data: {
        ...(data as Omit<Prisma.FormUncheckedCreateInput, "workspaceId" | "name" | "type" | "successMessage">),
        workspaceId,
        name: input.name,
        type,
        status: "draft",
        doubleOptIn,
        successMessage: successMessageFor(input.successMessage ?? defaultSuccessMessage(doubleOptIn), doubleOptIn),
        fields: (input.fields ?? ZFormFields.parse([{ type: "email" }])) as Prisma.InputJsonValue,
        styles: (input.styles ?? ZFormStyles.parse({})) as Prisma.InputJsonValue,
        display: (input.display ?? ZFormDisplay.parse({})) as Prisma.InputJsonValue,
        landingPageMeta: (slugData.landingPageMeta ?? undefined) as Prisma.InputJsonValue | undefined,
        slug: slugData.slug ?? null,
      },
      select: formSelect,
    }),
  );
  return newForm(row);
}
