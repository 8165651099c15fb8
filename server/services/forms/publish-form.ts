import type { Form } from "@/lib/schemas/forms";
import { moveForm } from "./form-states";

export const publishForm = ({ workspaceId, formId }: { workspaceId: string; formId: string }): Promise<Form> =>
  moveForm({ workspaceId, formId, move: "publish" });
