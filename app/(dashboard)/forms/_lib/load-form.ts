import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import type { Form } from "@/lib/schemas/forms";
import { AppError } from "@/server/errors";
import { getForm } from "@/server/services/forms/get-form";

/**
 * The form of a /forms/[id] page, once per request (the layout's header and the page both need it). Another
 * workspace's form, a deleted one or a malformed id is simply not found.
 */
export const loadFormOr404 = cache(async (workspaceId: string, id: string): Promise<Form> => {
  if (!ZUuid.safeParse(id).success) notFound();
  return getForm({ workspaceId, formId: id }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
});
