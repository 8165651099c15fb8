import { db } from "@/server/db/client";
import { Prisma } from "@/server/db/generated/client";
import { successMessageFor, type Form, type UpdateForm } from "@/lib/schemas/forms";
import { illegalMove } from "@/server/state-moves";
import { countedForm, formSelect, loadForm, refusedFormChange, toForm } from "./form-record";
import { planSlug, writeWithSlug } from "./landing-slug";
import { formData } from "./write-form-data";

const EDITABLE = ["draft", "published"] as const;
const UNARCHIVE_FIRST = "unarchive it first.";

/**
 * A partial update of a draft or a published form (a published one changes live: the public config is read per
 * page load). An archived form is read-only until unarchived: 409.
 */
export async function updateForm({
  workspaceId,
  formId,
  input,
}: {
  workspaceId: string;
  formId: string;
  input: UpdateForm;
}): Promise<Form> {
  const current = toForm(await loadForm(workspaceId, formId));
  if (current.status === "archived")
    throw illegalMove("form", "edit", current.status, EDITABLE, { instead: UNARCHIVE_FIRST });
  const data = await formData(workspaceId, input);
  // A message left at a default follows doubleOptIn, so it never asks to confirm when nothing is sent (the builder
  // sends its whole draft, the old default included).
  const message = successMessageFor(
    input.successMessage ?? current.successMessage,
    input.doubleOptIn ?? current.doubleOptIn,
  );
  if (message !== current.successMessage || input.successMessage !== undefined) data.successMessage = message;
  const plan = planSlug({
    type: input.type ?? current.type,
    name: input.name ?? current.name,
    input: input.landingPageMeta,
    current: current.landingPageMeta,
  });
  // One conditional UPDATE: an archive or delete that landed since the read above wins, and this edit is refused.
  const [row] = await writeWithSlug(plan, (slugData) =>
    db().form.updateManyAndReturn({
      where: { id: formId, workspaceId, deletedAt: null, status: { in: [...EDITABLE] } },
      data: {
        ...data,
        ...("landingPageMeta" in slugData
          ? {
              landingPageMeta: slugData.landingPageMeta
                ? (slugData.landingPageMeta as Prisma.InputJsonValue)
                : Prisma.DbNull,
              slug: slugData.slug,
            }
          : {}),
      },
      select: formSelect,
    }),
  );
  if (row) return countedForm(row);
  return refusedFormChange(workspaceId, formId, "edit", EDITABLE, () => UNARCHIVE_FIRST);
}
