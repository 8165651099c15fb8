// The one query-key factory of the dashboard. Keys start with the workspace id so switching workspaces never
// shows another workspace's cached rows.
export type TagListParams = { page: number; limit: number; search: string };

export const queryKeys = {
  tags: {
    all: (workspaceId: string) => ["workspace", workspaceId, "tags"] as const,
    lists: (workspaceId: string) => [...queryKeys.tags.all(workspaceId), "list"] as const,
    list: (workspaceId: string, params: TagListParams) => [...queryKeys.tags.lists(workspaceId), params] as const,
  },
  apiKeys: {
    all: (workspaceId: string) => ["workspace", workspaceId, "api-keys"] as const,
  },
};
