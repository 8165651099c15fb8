import { db } from "@/server/db/client";
import { AppError, isUniqueViolation } from "@/server/errors";
import type { CreateCustomField } from "@/lib/schemas/custom-fields";
import { customFieldSelect, toCustomField } from "./custom-field-record";

export async function createCustomField({ workspaceId, input }: { workspaceId: string; input: CreateCustomField }) {
  try {
    const row = await db().customField.create({
      data: { workspaceId, key: input.key, label: input.label, type: input.type, options: input.options ?? [] },
      select: customFieldSelect,
    });
    return toCustomField(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", `A custom field with the key "${input.key}" already exists in this workspace.`, [
        { pointer: "#/key", detail: "Keys are unique per workspace." },
      ]);
    }
    throw error;
  }
}
