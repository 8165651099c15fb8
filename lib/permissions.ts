// Who may do what in a workspace: THE one place. Every dashboard action (dashboardAction), dashboard route handler
// (withSession) and page (dashboardContext) names its area; this table says which roles reach it. The sidebar, the
// settings tabs and every button that changes something read the same table (useCan on the client), so nobody sees
// a link or a button that would only refuse them.
// Client-safe: no server imports.

/** From the most to the least: each role reaches everything the roles below it reach. */
export const ROLES = ["owner", "admin", "member", "author", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const AREAS = [
  /** Being in the workspace at all: switching to it, leaving it, its lists for pickers. */
  "workspace",
  /** Reading contacts, tags, segments and custom fields. */
  "audience",
  /** Adding and editing contacts (one or in bulk), tags, segments and custom fields. */
  "audience.write",
  "contacts.import",
  /** Downloading contacts as CSV: a copy of personal data leaves the workspace. */
  "contacts.export",
  /** Deleting contacts, one or in bulk. */
  "contacts.delete",
  /** Reading broadcasts, their drafts and templates. */
  "broadcasts",
  /** Writing drafts and templates: create, edit, duplicate, archive, delete a draft, send a test to a few addresses. */
  "broadcasts.write",
  /** Mail to the audience: send, schedule, cancel a schedule, pause, pick an A/B winner. */
  "broadcasts.send",
  /** Reading forms and their submissions. */
  "forms",
  /** Creating and editing forms that are not live (drafts), duplicating any. */
  "forms.write",
  /** What makes a form live or takes it down: publish, unpublish, archive, delete, and editing a published form. */
  "forms.publish",
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

const RANK: Record<Role, number> = { viewer: 0, author: 1, member: 2, admin: 3, owner: 4 };

/** The least role that reaches each area. */
const MIN_ROLE: Record<Area, Role> = {
  workspace: "viewer",
  audience: "viewer",
  "audience.write": "member",
  "contacts.import": "member",
  "contacts.export": "member",
  "contacts.delete": "member",
  broadcasts: "viewer",
  "broadcasts.write": "author",
  "broadcasts.send": "member",
  forms: "viewer",
  "forms.write": "author",
  "forms.publish": "member",
  analytics: "viewer",
  outbox: "viewer",
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

/** What a refused person could not do, finishing "Only … can ___". */
const AREA_ACTION: Record<Area, string> = {
  workspace: "open this workspace",
  audience: "see the audience",
  "audience.write": "change contacts, tags, segments and custom fields",
  "contacts.import": "import contacts",
  "contacts.export": "export contacts",
  "contacts.delete": "delete contacts",
  broadcasts: "see broadcasts",
  "broadcasts.write": "write broadcasts and templates",
  "broadcasts.send": "send or schedule broadcasts",
  forms: "see forms",
  "forms.write": "create and edit forms",
  "forms.publish": "publish, unpublish, archive or delete forms, or edit a published form",
  analytics: "see analytics",
  outbox: "see the outbox",
  apiKeys: "manage API keys",
  webhooks: "manage webhooks",
  team: "manage members and invitations",
  workspaceSettings: "manage the workspace settings",
  ownership: "manage ownership and deletion of the workspace",
};

/** The roles that reach an area, as a person reads them: "owners, admins and members". */
function whoReaches(area: Area): string {
  if (MIN_ROLE[area] === "owner") return "the workspace's owner";
  const names = ROLES.filter((r) => can(r, area)).map((r) => `${ROLE_LABEL[r].toLowerCase()}s`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The sentence a refused person reads: what they cannot do and who can do it instead ("… Ask one of them when it is
 * ready." where the page offers the work up to that point). */
export function forbiddenMessage(area: Area, askThem = "if you need this"): string {
  return `Only ${whoReaches(area)} can ${AREA_ACTION[area]}. Ask one of them ${askThem}.`;
}

export const ROLE_LABEL: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  author: "Author",
  viewer: "Viewer",
};

/** "an admin", "a member": the article a role's name takes in a sentence. */
export function roleWithArticle(role: Role): string {
  const name = ROLE_LABEL[role].toLowerCase();
  return `${/^[aeiou]/.test(name) ? "an" : "a"} ${name}`;
}

export const ROLE_DESCRIPTION: Record<Role, string> = {
  owner: "Everything, including transferring ownership and deleting the workspace.",
  admin: "Everything but ownership: members, API keys, webhooks and workspace settings too.",
  member: "Contacts, segments, tags, imports and exports, broadcasts (sending too), forms and analytics.",
  author:
    "Writes broadcast drafts, templates and forms, and sends tests; cannot send or schedule, publish forms, or change contacts.",
  viewer: "Sees contacts, broadcasts, forms, analytics and the outbox; changes nothing.",
};
