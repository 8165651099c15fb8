import { db } from "@/server/db/client";
import type { Prisma } from "@/server/db/generated/client";
import type { SaveTemplate, SavedTemplate } from "@/lib/schemas/templates";
import { templateSelect, toSavedTemplate } from "./template-record";

/**
 * Saves a design (content only: sender and audience belong to each broadcast) for the workspace's next broadcasts.
 * The input is ZSaveTemplate's output, so the blocks are the block schema's normalised ones. Names need not be
 * unique: two "Newsletter" templates are the user's choice, and the list tells them apart by date.
 */
export async function createTemplate({
  workspaceId,
  userId = null,
  input,
}: {
  workspaceId: string;
  userId?: string | null;
  input: SaveTemplate;
}): Promise<SavedTemplate> {
  const row = await db().broadcastTemplate.create({
    data: {
      workspaceId,
      createdById: userId,
      name: input.name,
      subject: input.subject,
      previewText: input.previewText,
      // Block ids are the composer's bookkeeping; a template stores the design, and every use gets fresh ids.
      blocks: withoutIds(input.blocks) as Prisma.InputJsonValue,
      theme: input.theme,
      footerStyles: input.footerStyles as Prisma.InputJsonValue,
    },
    select: templateSelect,
  });
  return toSavedTemplate(row);
}

function withoutIds(blocks: SaveTemplate["blocks"]): SaveTemplate["blocks"] {
  return blocks.map(({ id: _id, ...block }) =>
    block.type === "columns"
      ? { ...block, columns: block.columns.map((c) => ({ blocks: c.blocks.map(({ id: _inner, ...b }) => b) })) }
      : block,
  ) as SaveTemplate["blocks"];
}
