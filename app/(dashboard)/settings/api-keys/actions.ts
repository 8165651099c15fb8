"use server";
import { z } from "zod";
import { ZUuid } from "@/lib/schemas/common";
import { dashboardAction } from "@/server/auth/dashboard-action";
import { ZCreateApiKey } from "@/lib/schemas/account";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { deleteApiKey } from "@/server/services/api-keys/delete-api-key";

export const listApiKeysAction = dashboardAction("apiKeys", z.object({}), async (_input, { workspace }) =>
  listApiKeys({ workspaceId: workspace.id }),
);

export const createApiKeyAction = dashboardAction("apiKeys", ZCreateApiKey, async (input, { workspace, userId }) =>
  createApiKey({ workspaceId: workspace.id, userId, input }),
);

export const revokeApiKeyAction = dashboardAction("apiKeys", z.object({ id: ZUuid }), async ({ id }, { workspace }) =>
  revokeApiKey({ workspaceId: workspace.id, keyId: id }),
);

export const deleteApiKeyAction = dashboardAction("apiKeys", z.object({ id: ZUuid }), async ({ id }, { workspace }) =>
  deleteApiKey({ workspaceId: workspace.id, keyId: id }),
);
