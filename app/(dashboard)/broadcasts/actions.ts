"use server";
// The broadcast list's server actions. The composer's (save, preview, read, audience, templates) live in
// features/composer/actions, the send panel's and the broadcast menu's in features/broadcast-send/actions.
import { ZCreateBroadcast, ZListBroadcastsQuery } from "@/lib/schemas/broadcasts";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { createBroadcast } from "@/server/services/broadcasts/create-broadcast";
import { loadBroadcastList } from "./_lib/load-list";

export const listBroadcastsAction = dashboardAction("broadcasts", ZListBroadcastsQuery, async (query, { workspace }) =>
  loadBroadcastList(workspace.id, query),
);

export const createBroadcastAction = dashboardAction(
  "broadcasts.write",
  ZCreateBroadcast,
  async (input, { workspace }) => createBroadcast({ workspaceId: workspace.id, input }),
);
