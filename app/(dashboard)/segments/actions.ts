"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZCreateSegment, ZListSegmentsQuery, ZPreviewSegment, ZUpdateSegment } from "@/lib/schemas/segments";
import { listSegments } from "@/server/services/segments/list-segments";
import { createSegment } from "@/server/services/segments/create-segment";
import { updateSegment } from "@/server/services/segments/update-segment";
import { deleteSegment } from "@/server/services/segments/delete-segment";
import { previewSegment } from "@/server/services/segments/preview-segment";

export const listSegmentsAction = dashboardAction("audience", ZListSegmentsQuery, async (query, { workspace }) =>
  listSegments({ workspaceId: workspace.id, query }),
);

export const createSegmentAction = dashboardAction("audience.write", ZCreateSegment, async (input, { workspace }) =>
  createSegment({ workspaceId: workspace.id, input }),
);

export const updateSegmentAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid, changes: ZUpdateSegment }),
  async ({ id, changes }, { workspace }) => updateSegment({ workspaceId: workspace.id, segmentId: id, input: changes }),
);

export const deleteSegmentAction = dashboardAction(
  "audience.write",
  z.object({ id: ZUuid }),
  async ({ id }, { workspace }) => deleteSegment({ workspaceId: workspace.id, segmentId: id }),
);

/** The builder's live count; a 422 carries pointers such as #/rules/conditions/1/value. */
export const previewSegmentAction = dashboardAction("audience", ZPreviewSegment, async ({ rules }, { workspace }) =>
  previewSegment({ workspaceId: workspace.id, rules }),
);
