// Who may do what in a workspace: THE one place. Every dashboard action (dashboardAction), dashboard route handler
// (withSession) and page (dashboardContext) names its area; this table says which roles reach it. The sidebar and
// settings tabs read the same table, so a member never sees a link to a page that would refuse them.
// Client-safe: no server imports.

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export const AREAS = [
  /** Being in the workspace at all: switching to it, leaving it, its lists for pickers. */
  "workspace",
  "audience",
  "broadcasts",
  "forms",
  "analytics",
  /** Sent mail of the workspace (tests, broadcasts, confirmations). Invitation emails need `team` as well. */
  "outbox",
  "apiKeys",
  "webhooks",
  /** Members and invitations. */
  "team",
  /** Name, default sender, postal address, default time zone, sending rate. */
  "workspaceSettings",
  /** Transferring ownership and deleting the workspace. */
  "ownership",
] as const;
export type Area = (typeof AREAS)[number];

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** The least role that reaches each area. */
const MIN_ROLE: Record<Area, Role> = {
  workspace: "member",
  audience: "member",
  broadcasts: "member",
  forms: "member",
  analytics: "member",
  outbox: "member",
  apiKeys: "admin",
  webhooks: "admin",
  team: "admin",
  workspaceSettings: "admin",
  ownership: "owner",
};

export function can(role: Role, area: Area): boolean {
  return RANK[role] >= RANK[MIN_ROLE[area]];
}

/** True when `actor` may give or take `target` (invite as, change to or from, remove): never above their own rank,
 * and the owner's role only moves by a transfer of ownership. */
export function canManageRole(actor: Role, target: Role): boolean {
  return can(actor, "team") && target !== "owner" && RANK[actor] >= RANK[target];
}

const AREA_NOUN: Record<Area, string> = {
  workspace: "this workspace",
  audience: "the audience",
  broadcasts: "broadcasts",
  forms: "forms",
  analytics: "analytics",
  outbox: "the outbox",
  apiKeys: "API keys",
  webhooks: "webhooks",
  team: "members and invitations",
  workspaceSettings: "the workspace settings",
  ownership: "ownership and deletion of the workspace",
};

/** The sentence a refused person reads: who can do it instead. */
export function forbiddenMessage(area: Area): string {
  const who = MIN_ROLE[area] === "owner" ? "Only the workspace's owner" : "Only owners and admins";
  return `${who} can manage ${AREA_NOUN[area]}. Ask one of them if you need this.`;
}

export const ROLE_LABEL: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

export const ROLE_DESCRIPTION: Record<Role, string> = {
  owner: "Everything, including transferring ownership and deleting the workspace.",
  admin: "Everything but ownership: members, API keys, webhooks and workspace settings too.",
  member: "Contacts, segments, tags, broadcasts, forms and analytics.",
};
