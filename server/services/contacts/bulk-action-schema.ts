// Input of a bulk change over contacts: which contacts (the selected ids of one page, or every contact matching the
// list's filters) and what to do to them. The target is stored as given in ContactBulkAction.filter.
import { z } from "zod";
import { text, ZUuid } from "@/lib/schemas/common";
import { TAG_NAME_MAX } from "@/lib/schemas/tags";
import { ZContactStatus } from "@/lib/schemas/contacts";
import { BULK_ACTIONS } from "@/lib/contacts/bulk-messages";

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
  .object({
    action: z.enum(BULK_ACTIONS),
    tagId: ZUuid.optional(),
    /** Adding a tag that does not exist yet: it is created (or found, ignoring case) with the bulk change. */
    newTagName: text(TAG_NAME_MAX).optional(),
    target: ZBulkTarget,
  })
  .superRefine((v, ctx) => {
    if (v.newTagName !== undefined && v.action !== "tag")
      ctx.addIssue({ code: "custom", path: ["newTagName"], message: "Only adding a tag can create one." });
    else if (v.newTagName !== undefined && v.tagId)
      ctx.addIssue({ code: "custom", path: ["newTagName"], message: "Choose a tag or name a new one, not both." });
    else if ((v.action === "tag" || v.action === "untag") && !v.tagId && v.newTagName === undefined)
      ctx.addIssue({ code: "custom", path: ["tagId"], message: "Choose a tag." });
  });
export type StartBulkAction = z.infer<typeof ZStartBulkAction>;
