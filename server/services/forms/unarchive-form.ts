import type { Form } from "@/lib/schemas/forms";
import { moveForm } from "./form-states";

export const unarchiveForm = ({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<Form> =>
  moveForm({ workspaceId, formId, move: "unarchive" });
