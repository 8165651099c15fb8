"use server";
// The composer's server side: the broadcast as stored now (a conflict or a status move elsewhere), autosave under an
// optimistic lock, and the live preview of the unsaved draft through the same compile and personalize path as a real
// send.
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { ZBlocks, ZFooterStyles, ZTheme } from "@/lib/schemas/blocks";
import { ZUpdateBroadcast } from "@/lib/schemas/broadcasts";
import { can } from "@/lib/permissions";
import { dashboardAction, requireArea } from "@/server/auth/dashboard-action";
import { loadBroadcast } from "@/server/services/broadcasts/broadcast-record";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { updateBroadcast } from "@/server/services/broadcasts/update-broadcast";
import { renderDraftPreview } from "@/server/services/broadcasts/render-draft-preview";

/** The broadcast as stored: the composer reads it after a conflict or a refused move (the report's figures are not
 * loaded: the composer shows none). */
export const getBroadcastAction = dashboardAction(
  "broadcasts",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => ({
    broadcast: await getBroadcast({ workspaceId: workspace.id, broadcastId: id }),
  }),
);

export const saveDraftAction = dashboardAction(
  "broadcasts.write",
  z.object({
    id: ZUuid,
    expectedUpdatedAt: z.iso.datetime({ offset: true }),
    draft: ZUpdateBroadcast,
  }),
  async ({ id, expectedUpdatedAt, draft }, { workspace }) => {
    // A scheduled broadcast goes out as saved: changing it is part of sending, not of writing a draft.
    if (!can(workspace.role, "broadcasts.send") && (await loadBroadcast(workspace.id, id)).status === "scheduled")
      requireArea(workspace.role, "broadcasts.send");
    return updateBroadcast({ workspaceId: workspace.id, broadcastId: id, input: draft, expectedUpdatedAt });
  },
);

export const previewDraftAction = dashboardAction(
  "broadcasts.write",
  z.object({
    subject: z.string().max(500).nullable(),
    previewText: z.string().max(500).nullable(),
    blocks: ZBlocks,
    theme: ZTheme,
    footerStyles: ZFooterStyles,
  }),
  async (content, { workspace }) => renderDraftPreview({ workspaceId: workspace.id, content }),
);
