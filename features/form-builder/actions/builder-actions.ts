"use server";
// The form builder's server actions: each a session-checked call into the same services the API routes use.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZUpdateForm } from "@/lib/schemas/forms";
import { can } from "@/lib/permissions";
import { dashboardAction, requireArea } from "@/server/auth/dashboard-action";
import { getForm } from "@/server/services/forms/get-form";
import { updateForm } from "@/server/services/forms/update-form";
import { deleteForm } from "@/server/services/forms/delete-form";
import { duplicateForm } from "@/server/services/forms/duplicate-form";
import { publishForm } from "@/server/services/forms/publish-form";
import { unpublishForm } from "@/server/services/forms/unpublish-form";
import { archiveForm } from "@/server/services/forms/archive-form";
import { unarchiveForm } from "@/server/services/forms/unarchive-form";

const ZId = z.object({ id: ZUuid });

export const getFormAction = dashboardAction("forms", ZId, async ({ id }, { workspace }) =>
  getForm({ workspaceId: workspace.id, formId: id }),
);

export const updateFormAction = dashboardAction(
  "forms.write",
  z.object({ id: ZUuid, input: ZUpdateForm }),
  async ({ id, input }, { workspace }) => {
    // A published form changes live with every save: editing it is publishing.
    if (
      !can(workspace.role, "forms.publish") &&
      (await getForm({ workspaceId: workspace.id, formId: id })).status === "published"
    )
      requireArea(workspace.role, "forms.publish");
    return updateForm({ workspaceId: workspace.id, formId: id, input });
  },
);

export const deleteFormAction = dashboardAction("forms.publish", ZId, async ({ id }, { workspace }) =>
  deleteForm({ workspaceId: workspace.id, formId: id }),
);

export const duplicateFormAction = dashboardAction("forms.write", ZId, async ({ id }, { workspace }) =>
  duplicateForm({ workspaceId: workspace.id, formId: id }),
);

const moves = { publish: publishForm, unpublish: unpublishForm, archive: archiveForm, unarchive: unarchiveForm };

/** A status move; the service refuses an illegal one with a 409 naming the status, which the page shows. */
export const moveFormAction = dashboardAction(
  "forms.publish",
  z.object({ id: ZUuid, move: z.enum(["publish", "unpublish", "archive", "unarchive"]) }),
  async ({ id, move }, { workspace }) => moves[move]({ workspaceId: workspace.id, formId: id }),
);
