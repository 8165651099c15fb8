"use client";
// The new-form page's create: not optimistic (the page opens the builder on the answer); every form-shaped query
// refreshes once settled, with the builder's cache rule (features/form-builder/ui/use-form-mutations.ts).
import { useMutation } from "@tanstack/react-query";
import { unwrap } from "@/lib/action-result";
import { useFormCache } from "@/features/form-builder/ui/use-form-mutations";
import { createFormAction } from "../actions";

export function useCreateForm(workspaceId: string) {
  const { refresh } = useFormCache(workspaceId);
  return useMutation({
    mutationFn: async (input: Parameters<typeof createFormAction>[0]) => unwrap(await createFormAction(input)),
    onSettled: refresh,
  });
}
