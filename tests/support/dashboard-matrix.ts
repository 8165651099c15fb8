// The role matrix of the dashboard (tests/integration/dashboard-roles.test.ts): every server action module (wherever
// it lives: app/, features/ or any other folder) and every dashboard route file, found on disk at run time, and the area each MUST have, written here from the words
// rather than read from the code under test, so a mislabelled action fails. A module nobody listed fails too: the
// person adding it decides its area here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Area } from "@/lib/permissions";

export const ROOT_DIR = path.resolve(import.meta.dirname, "../..");
export const APP_DIR = path.join(ROOT_DIR, "app");

/** "account": accountAction (the signed-in person, no workspace). "public": reachable signed out, on purpose. */
export type Expected = Area | "account" | "public";

type Rule = {
  /** Matched against the path with forward slashes: an action module's relative to the repository, a route's or a
   * page's relative to app/. */
  module: RegExp;
  area: Expected;
  /** Exceptions by export name inside the module (first match wins). */
  byName?: [RegExp, Expected][];
};

// Issue 20's roles, in its words: a viewer "reads everything a member can, changes nothing"; an author "writes drafts
// and forms, cannot send, schedule, import, export or delete contacts". Decided with it (docs/team-and-accounts.md,
// Roles): an author does not change the audience at all, does not publish (nor unpublish, archive, delete, or edit a
// live form) and does not edit a scheduled broadcast; a test email to a few addresses is part of writing. Downloading
// a form's submissions is an export of contacts.
const ACTION_RULES: Rule[] = [
  { module: /^app\/\(dashboard\)\/settings\/api-keys\//, area: "apiKeys" },
  { module: /^app\/\(dashboard\)\/settings\/webhooks\//, area: "webhooks" },
  {
    module: /^app\/\(dashboard\)\/settings\/team\//,
    area: "team",
    byName: [
      [/^transferOwnership/, "ownership"],
      [/^leave/, "workspace"],
    ],
  },
  {
    module: /^app\/\(dashboard\)\/settings\/(workspace|sending)\//,
    area: "workspaceSettings",
    byName: [[/^delete/, "ownership"]],
  },
  { module: /^app\/\(dashboard\)\/settings\/custom-fields\//, area: "audience.write" },
  // Issue 24: the deliverability rules are workspace settings (owners and admins change them; everyone reads them).
  { module: /^app\/\(dashboard\)\/settings\/deliverability\//, area: "workspaceSettings" },
  // Sending domains (issue 24): whoever sees broadcasts reads them (the send checklist links there); adding, checking
  // and deleting one is a workspace setting.
  {
    module: /^app\/\(dashboard\)\/settings\/sending-domains\//,
    area: "workspaceSettings",
    byName: [[/^(list|get)/, "broadcasts"]],
  },
  {
    module: /^app\/\(dashboard\)\/contacts\/(.*\/)?[\w-]*actions\.ts$/,
    area: "audience.write",
    byName: [
      [/^(list|get|count|current)/, "audience"],
      [/^delete/, "contacts.delete"],
    ],
  },
  {
    module: /^app\/\(dashboard\)\/(segments|tags)\//,
    area: "audience.write",
    byName: [[/^(list|get|preview)/, "audience"]],
  },
  {
    module: /^app\/\(dashboard\)\/broadcasts\/(.*\/)?analytics-actions\.ts$/,
    area: "analytics",
    byName: [[/^chooseAbWinner/, "broadcasts.send"]],
  },
  // The composer's actions (save, preview, read, audience counts, templates), the send panel's and the broadcast
  // menu's: the broadcasts areas by name, as the broadcast pages' own.
  {
    module: /^(app\/\(dashboard\)\/broadcasts|features\/(composer|broadcast-send)\/actions)\//,
    area: "broadcasts.write",
    byName: [
      [/^(list|get|count)/, "broadcasts"],
      [/^(send(?!Test)|schedule|cancelSchedule|setSendingPaused)/, "broadcasts.send"],
    ],
  },
  // The automations list and report: an automation mails the audience on its own, so the broadcast areas. Reading
  // (the list, the report, its contacts) is `broadcasts`; a draft (create, duplicate, delete) is writing; what starts
  // or stops mail to contacts (pause, resume, archive, adding or removing a contact by hand) is sending.
  {
    module: /^app\/\(dashboard\)\/automations\/(.*\/)?[\w-]*actions\.ts$/,
    area: "broadcasts.write",
    byName: [
      [/^(list|get)/, "broadcasts"],
      [/^(pause|resume|archive|enrol|removeEnrolment)/, "broadcasts.send"],
    ],
  },
  { module: /^app\/\(dashboard\)\/forms\/(.*\/)?analytics\//, area: "analytics" },
  {
    module: /^(app\/\(dashboard\)\/forms|features\/form-builder\/actions)\//,
    area: "forms.write",
    byName: [
      [/^(list|get)/, "forms"],
      [/^(move|delete)/, "forms.publish"],
    ],
  },
  // The automation builder: an automation mails the audience on its own, so the broadcast areas. Editing a draft is
  // writing; activating, pausing and resuming (and saving a live automation, checked inside) is sending.
  {
    module: /^features\/automations\/actions\//,
    area: "broadcasts.write",
    byName: [
      [/^getAutomationCounts/, "analytics"],
      [/^get/, "broadcasts"],
      [/^(activate|pause)/, "broadcasts.send"],
    ],
  },
  { module: /^app\/\(dashboard\)\/outbox\//, area: "outbox" },
  { module: /^app\/\(dashboard\)\/account\//, area: "account" },
  { module: /^app\/_actions\/workspaces\.ts$/, area: "workspace" },
  // The pickers' lists (tags, fields, segments) any member's composer and forms read.
  { module: /^features\/workspace-lists\/actions\//, area: "workspace" },
  // A signed-in person with no workspace left creates one: their own account, no workspace role involved.
  { module: /^app\/\(auth\)\/new-workspace\/actions\.ts$/, area: "account" },
  // Signed-out pages: only these exact exports may skip the wrappers (each checks a token or is first-run only).
  { module: /^app\/\(auth\)\/onboarding\/actions\.ts$/, area: "account", byName: [[/^onboardAction$/, "public"]] },
  {
    module: /^app\/\(auth\)\/forgot-password\/actions\.ts$/,
    area: "account",
    byName: [[/^forgotPasswordAction$/, "public"]],
  },
  {
    module: /^app\/\(auth\)\/reset-password\/actions\.ts$/,
    area: "account",
    byName: [[/^resetPasswordAction$/, "public"]],
  },
  {
    module: /^app\/\(auth\)\/confirm-email\/actions\.ts$/,
    area: "account",
    byName: [[/^confirmEmailChangeAction$/, "public"]],
  },
  {
    module: /^app\/\(auth\)\/invite\/\[token\]\/actions\.ts$/,
    area: "account",
    byName: [[/^signUpFromInvitationAction$/, "public"]],
  },
];

/** Route handlers, by file; `byName` here matches the HTTP method. */
const ROUTE_RULES: Rule[] = [
  // Import history and reports hold the uploaded file's rows: they belong to importing.
  { module: /^api\/dashboard\/imports\//, area: "contacts.import" },
  { module: /^api\/dashboard\/contacts\/export\//, area: "contacts.export" },
  { module: /^api\/dashboard\/forms\/[^/]+\/analytics\//, area: "analytics" },
  // A form's submissions and a broadcast's recipients as CSV files: their addresses leave the workspace, as in a
  // contacts export.
  { module: /^api\/dashboard\/forms\/[^/]+\/submissions\//, area: "contacts.export" },
  { module: /^api\/dashboard\/broadcasts\/[^/]+\/recipients\//, area: "contacts.export" },
  { module: /^api\/dashboard\/forms\//, area: "forms" },
  { module: /^api\/dashboard\/uploads\//, area: "broadcasts", byName: [[/^POST$/, "broadcasts.write"]] },
  { module: /^api\/dashboard\/template-previews\//, area: "broadcasts" },
  { module: /^api\/dashboard\/outbox\//, area: "outbox" },
  { module: /^api\/dashboard\/webhooks\//, area: "webhooks" },
  { module: /^api\/dashboard\/api-keys\//, area: "apiKeys" },
  { module: /^api\/dashboard\/team\//, area: "team" },
];

/**
 * Every dashboard page (and layout) and the area its dashboardContext call must name. A viewer opens every page a
 * member opens, except the few whose only purpose is to create something (listed with a write area): their links
 * are hidden from roles that do not reach them, and typed in they lead to the page saying who can.
 */
export const PAGE_RULES: Rule[] = [
  { module: /^\(dashboard\)\/settings\/api-keys\/.*(page|layout)\.tsx$/, area: "apiKeys" },
  { module: /^\(dashboard\)\/settings\/webhooks\/.*(page|layout)\.tsx$/, area: "webhooks" },
  { module: /^\(dashboard\)\/settings\/team\/.*(page|layout)\.tsx$/, area: "team" },
  { module: /^\(dashboard\)\/settings\/(workspace|sending)\/.*(page|layout)\.tsx$/, area: "workspaceSettings" },
  { module: /^\(dashboard\)\/settings\/custom-fields\/.*(page|layout)\.tsx$/, area: "audience" },
  { module: /^\(dashboard\)\/settings\/deliverability\/.*(page|layout)\.tsx$/, area: "workspace" },
  { module: /^\(dashboard\)\/settings\/sending-domains\/.*(page|layout)\.tsx$/, area: "broadcasts" },
  { module: /^\(dashboard\)\/contacts\/import\/.*(page|layout)\.tsx$/, area: "contacts.import" },
  { module: /^\(dashboard\)\/segments\/new\/.*(page|layout)\.tsx$/, area: "audience.write" },
  { module: /^\(dashboard\)\/(contacts|segments|tags)\/(.*\/)?(page|layout)\.tsx$/, area: "audience" },
  // The automations list and reports: every reader (the "New automation" dialog shows only to writers).
  { module: /^\(dashboard\)\/automations\/(.*\/)?(page|layout)\.tsx$/, area: "broadcasts" },
  { module: /^\(dashboard\)\/broadcasts\/new\/.*(page|layout)\.tsx$/, area: "broadcasts.write" },
  { module: /^\(dashboard\)\/broadcasts\/(.*\/)?(page|layout)\.tsx$/, area: "broadcasts" },
  { module: /^\(dashboard\)\/forms\/new\/.*(page|layout)\.tsx$/, area: "forms.write" },
  { module: /^\(dashboard\)\/forms\/[^/]+\/analytics\/.*(page|layout)\.tsx$/, area: "analytics" },
  { module: /^\(dashboard\)\/forms\/(.*\/)?(page|layout)\.tsx$/, area: "forms" },
  // The builder opens for every reader (read-only without broadcasts.write).
  { module: /^\(dashboard\)\/automations\/[^/]+\/edit\/.*(page|layout)\.tsx$/, area: "broadcasts" },
  { module: /^\(dashboard\)\/outbox\/(.*\/)?(page|layout)\.tsx$/, area: "outbox" },
  // The shell, the overview, the settings frame, one's own account and the refusal page itself: anyone in it.
  { module: /^\(dashboard\)\/((account|no-access|settings)\/)?(page|layout)\.tsx$/, area: "workspace" },
];

function expectedFrom(rules: Rule[], rel: string, name: string): Expected | undefined {
  const rule = rules.find((r) => r.module.test(rel));
  if (!rule) return undefined;
  return rule.byName?.find(([re]) => re.test(name))?.[1] ?? rule.area;
}

export const expectedActionArea = (rel: string, name: string) => expectedFrom(ACTION_RULES, rel, name);
export const expectedRouteArea = (rel: string, method: string) => expectedFrom(ROUTE_RULES, rel, method);
export const expectedPageArea = (rel: string) => expectedFrom(PAGE_RULES, rel, "");

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => !f.split("/").includes("node_modules"));
}

// Not source: dependencies, build output, generated code, data and reports. Dot folders (.git, .next, .data) too.
const NOT_SOURCE = new Set(["node_modules", "test-results", "playwright-report", "reports", "public", "prisma"]);

/** Every .ts/.tsx file of the repository (not tests: a "use server" module there would be a fixture), from the root. */
function sourceFiles(dir = ROOT_DIR, rel = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (
        entry.name.startsWith(".") ||
        NOT_SOURCE.has(entry.name) ||
        name === "tests" ||
        name === "server/db/generated"
      )
        return [];
      return sourceFiles(path.join(dir, entry.name), name);
    }
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [name] : [];
  });
}

/** A module is a server action module when its first statement is the "use server" directive. */
function isUseServer(file: string): boolean {
  const text = readFileSync(path.join(ROOT_DIR, file), "utf8");
  const code = text.replace(/^(\s*(\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*/, "");
  return /^["']use server["']/.test(code);
}

/** Every "use server" module of the repository (app/, features/ or elsewhere; any file name), relative to its root. */
export function discoverActionModules(): string[] {
  return sourceFiles().filter(isUseServer).sort();
}

/** actions.ts / *-actions.ts files that are NOT "use server" modules (a hook named like one is fine; reported). */
export function namedLikeActionsButNotServer(): string[] {
  return sourceFiles()
    .filter((f) => /(^|\/)([\w-]+-)?actions\.ts$/.test(f))
    .filter((f) => !isUseServer(f))
    .sort();
}

export function discoverDashboardRoutes(): string[] {
  return filesUnder(path.join(APP_DIR, "api/dashboard"))
    .filter((f) => /(^|\/)route\.ts$/.test(f))
    .map((f) => `api/dashboard/${f}`)
    .sort();
}

/** Every page.tsx and layout.tsx of the dashboard (a layout's dashboardContext guards every page under it). */
export function discoverPages(): string[] {
  return filesUnder(path.join(APP_DIR, "(dashboard)"))
    .filter((f) => /(^|\/)(page|layout)\.tsx$/.test(f))
    .map((f) => `(dashboard)/${f}`)
    .sort();
}

export const readAppFile = (rel: string) => readFileSync(path.join(APP_DIR, rel), "utf8");

/** A dashboard route path's dynamic segments filled with values that name nothing ("[id]" → a random-looking uuid). */
export function routeParams(rel: string): { params: Record<string, string>; urlPath: string } {
  const params: Record<string, string> = {};
  const urlPath =
    "/" +
    rel
      .replace(/\/route\.ts$/, "")
      .split("/")
      .map((segment) => {
        const m = /^\[(\w+)\]$/.exec(segment);
        if (!m) return segment;
        const value = m[1] === "id" ? "00000000-0000-4000-8000-000000000000" : "nothing";
        params[m[1]!] = value;
        return value;
      })
      .join("/");
  return { params, urlPath };
}
