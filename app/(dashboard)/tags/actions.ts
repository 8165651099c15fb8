"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZCreateTag, ZListTagsQuery, ZUpdateTag } from "@/lib/schemas/tags";
import { listTags } from "@/server/services/tags/list-tags";
import { createTag } from "@/server/services/tags/create-tag";
import { updateTag } from "@/server/services/tags/update-tag";
import { deleteTag } from "@/server/services/tags/delete-tag";

export const listTagsAction = dashboardAction("audience", ZListTagsQuery, async (query, { workspace }) =>
  listTags({ workspaceId: workspace.id, query }),
);

export const createTagAction = dashboardAction("audience.write", ZCreateTag, async (input, { workspace }) =>
  createTag({ workspaceId: workspace.id, input }),
);

export const updateTagAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid, changes: ZUpdateTag }),
  async ({ id, changes }, { workspace }) => updateTag({ workspaceId: workspace.id, tagId: id, input: changes }),
);

export const deleteTagAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => deleteTag({ workspaceId: workspace.id, tagId: id }),
);
