// Input of a bulk change over contacts: which contacts (the selected ids of one page, or every contact matching the
// list's filters) and what to do to them. The target is stored as given in ContactBulkAction.filter.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZContactStatus } from "@/lib/schemas/contacts";
import { BULK_ACTIONS } from "@/components/contacts/bulk-messages";

export const ZContactsFilter = z.object({
  search: z.string().trim().max(254).optional(),
  status: ZContactStatus.optional(),
  tagId: ZUuid.optional(),
  segmentId: ZUuid.optional(),
});
export type ContactsFilterInput = z.infer<typeof ZContactsFilter>;

export const ZBulkTarget = z.discriminatedUnion("kind", [
  // One page of the table at most: a selection never spans pages ("all matching" is the filter kind).
  z.object({ kind: z.literal("ids"), ids: z.array(ZUuid).min(1, "Select at least one contact.").max(100) }),
  z.object({ kind: z.literal("filter"), filter: ZContactsFilter }),
]);
export type BulkTarget = z.infer<typeof ZBulkTarget>;

export const ZStartBulkAction = z
  .object({ action: z.enum(BULK_ACTIONS), tagId: ZUuid.optional(), target: ZBulkTarget })
  .refine((v) => (v.action === "tag" || v.action === "untag" ? Boolean(v.tagId) : true), {
    message: "Choose a tag.",
    path: ["tagId"],
  });
export type StartBulkAction = z.infer<typeof ZStartBulkAction>;
