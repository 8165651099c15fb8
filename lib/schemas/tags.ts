import { z } from "zod";
import { offsetQuery, text, ZTimestamp, ZUuid } from "./common";
import { TAG_NAME_MAX } from "./tag-constants";

export { TAG_NAME_MAX };

export const TAG_PALETTE = [
  "#6366f1",
  "#0ea5e9",
  "#10b981",
  "#f59e0b",
  "#ef4444",
  "#ec4899",
  "#8b5cf6",
  "#14b8a6",
] as const;

const ZColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Must be a hex colour of the form #rrggbb.")
  .transform((c) => c.toLowerCase())
  .meta({ example: "#6366f1" });

export const ZTag = z
  .object({
    id: ZUuid,
    workspaceId: ZUuid,
    name: z.string(),
    color: z.string().meta({ example: "#6366f1" }),
    count: z.int().nonnegative().meta({ description: "Number of contacts carrying this tag" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Tag" });

export const ZCreateTag = z
  .strictObject({
    name: text(TAG_NAME_MAX).meta({ example: "Newsletter" }),
    color: ZColor.optional().meta({ description: "Defaults to a colour from a pleasant palette" }),
  })
  .meta({ id: "CreateTag" });

export const ZUpdateTag = z
  .strictObject({ name: text(TAG_NAME_MAX).optional(), color: ZColor.optional() })
  .refine((v) => v.name !== undefined || v.color !== undefined, { message: "Send name and/or color." })
  .meta({ id: "UpdateTag", minProperties: 1 });

export const ZListTagsQuery = z.object({
  ...offsetQuery(),
  search: z.string().max(100).optional().meta({ description: "Case-insensitive match on the tag name" }),
});

export type Tag = z.infer<typeof ZTag>;
export type CreateTag = z.infer<typeof ZCreateTag>;
export type UpdateTag = z.infer<typeof ZUpdateTag>;
export type ListTagsQuery = z.infer<typeof ZListTagsQuery>;
