// The one mapping from a CustomField row to the API's CustomField.
import { AppError } from "@/server/errors";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { FieldType } from "./validate-fields";

export const customFieldSelect = {
  id: true,
  workspaceId: true,
  key: true,
  label: true,
  type: true,
  options: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type CustomFieldRow = {
  id: string;
  workspaceId: string;
  key: string;
  label: string;
  type: FieldType;
  options: unknown;
  createdAt: Date;
  updatedAt: Date;
};

export function toCustomField(row: CustomFieldRow): CustomField {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    key: row.key,
    label: row.label,
    type: row.type,
    options: Array.isArray(row.options) ? row.options.filter((o): o is string => typeof o === "string") : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const customFieldNotFound = () => new AppError("NOT_FOUND", "Custom field not found.");
