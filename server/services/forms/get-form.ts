import type { Form } from "@/lib/schemas/forms";
import { loadForm, toForm } from "./form-record";

export async function getForm({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<Form> {
  return toForm(await loadForm(workspaceId, formId));
}
