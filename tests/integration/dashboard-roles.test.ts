// The dashboard's role matrix, as auth-matrix.test.ts is for API keys: every server action (in app/, features/ or
// anywhere else) and every dashboard route handler, found on disk at run time (a new module is picked up without
// editing this file), is called by an owner,
// an admin, a member, an author and a viewer of a fresh workspace, with real users, memberships, sessions and cookies. A role that does
// not reach the action's area gets FORBIDDEN with lib/permissions' sentence; a role that does gets anything else
// (usually a validation error, as the input is `{}`). The areas expected are written in tests/support/dashboard-matrix.ts
// from the words, not read from the code.
import { describe, expect, it, vi } from "vitest";
import path from "node:path";
import { ROLES, can, forbiddenMessage, type Area, type Role } from "@/lib/permissions";
import { sessionCookie } from "../support/session-cookie";
import {
  APP_DIR,
  ROOT_DIR,
  discoverActionModules,
  discoverDashboardRoutes,
  discoverPages,
  expectedActionArea,
  expectedPageArea,
  expectedRouteArea,
  readAppFile,
  routeParams,
} from "../support/dashboard-matrix";
import { makeTeam } from "./team-fixtures";
import { makeBroadcast } from "../support/sending";
import { createForm } from "@/server/services/forms/create-form";
import { publishForm } from "@/server/services/forms/publish-form";
import { createAutomation } from "@/server/services/automations/create-automation";
import { getAutomation } from "@/server/services/automations/get-automation";
import { db } from "@/server/db/client";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

// Route handlers carry no `.area`; the areas their wrapper asks lib/permissions about are recorded instead. The real
// `can` still answers: this observes, it changes nothing.
const asked = vi.hoisted(() => ({ areas: [] as string[] }));
vi.mock("@/lib/permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/permissions")>();
  return {
    ...actual,
    can: (role: Role, area: Area) => {
      asked.areas.push(area);
      return actual.can(role, area);
    },
  };
});

type Action = ((input: unknown) => Promise<{ ok: boolean; code?: string; error?: string }>) & { area?: string };
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Refused roles first: an action that accepts `{}` may change things a later, allowed role's call would see. */
const LEAST_FIRST = [...ROLES].reverse();

const actionModules = discoverActionModules();
const routeFiles = discoverDashboardRoutes();
/** An action module by its path from the repository root; a route by its path under app/. */
const load = (dir: string, rel: string) =>
  import(/* @vite-ignore */ path.join(dir, rel)) as Promise<Record<string, unknown>>;

/** A workspace with one person of each role, each signed in with their own session cookie. */
async function teamWithSessions() {
  const team = await makeTeam(["admin", "member", "author", "viewer"]);
  const [admin, member, author, viewer] = team.others.map((o) => o.id) as [string, string, string, string];
  const people: Record<Role, string> = { owner: team.owner.id, admin, member, author, viewer };
  const cookies = {} as Record<Role, string>;
  for (const role of ROLES) cookies[role] = (await sessionCookie(people[role])).cookie;
  return { team, cookies };
}

function signInWith(cookie: string | null) {
  if (!cookie) return void (request.cookies = new Map());
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
}

describe("discovery", () => {
  it("finds the action modules and dashboard routes of every area", () => {
    // A floor, so a broken glob cannot make the matrix pass by testing nothing.
    expect(actionModules.length).toBeGreaterThanOrEqual(20);
    expect(actionModules).toContain("app/(dashboard)/settings/api-keys/actions.ts");
    expect(actionModules).toContain("app/_actions/workspaces.ts");
    // Feature folders hold the builders' actions (docs/architecture.md): each is found and checked like app/'s.
    expect(actionModules).toEqual(
      expect.arrayContaining([
        "features/composer/actions/composer-actions.ts",
        "features/broadcast-send/actions/send-actions.ts",
        "features/form-builder/actions/builder-actions.ts",
        "features/workspace-lists/actions/workspace-lists-actions.ts",
      ]),
    );
    expect(routeFiles.length).toBeGreaterThanOrEqual(5);
  });

  it("every action module and dashboard route is in the expected table", () => {
    const missing = [
      ...actionModules.filter((rel) => expectedActionArea(rel, "") === undefined),
      ...routeFiles.filter((rel) => expectedRouteArea(rel, "") === undefined),
      ...discoverPages().filter((rel) => expectedPageArea(rel) === undefined),
    ];
    expect(missing, "add these to tests/support/dashboard-matrix.ts with the area the issue gives them").toEqual([]);
  });
});

describe.each(actionModules)("server actions of %s", (rel) => {
  it("every export is wrapped and carries the expected area; each role gets what its area allows", async () => {
    const exports = Object.entries(await load(ROOT_DIR, rel));
    expect(exports.length, "a server action module exports its actions").toBeGreaterThan(0);
    for (const [name, value] of exports) {
      const action = value as Action;
      const expected = expectedActionArea(rel, name);
      expect(typeof action, `${name} is a function`).toBe("function");
      if (expected === "public") {
        // Deliberately signed-out (token-checked) actions: no wrapper, nothing to check per role.
        expect(action.area, `${name} is listed as public`).toBeUndefined();
        continue;
      }
      expect(action.area, `${rel} ${name} has no .area: wrap it in dashboardAction/accountAction`).toBeDefined();
      expect(action.area, `${rel} ${name}`).toBe(expected);

      signInWith(null);
      expect(await action({}), `${name} signed out`).toMatchObject({ ok: false, code: "UNAUTHORIZED" });

      // A fresh workspace per action: an action that accepts `{}` (leave, end other sessions, lists) may change
      // things, and must not spoil the next action's call. Refused roles go first.
      const { cookies } = await teamWithSessions();
      for (const role of LEAST_FIRST) {
        signInWith(cookies[role]);
        const result = await action({});
        const reaches = expected === "account" || can(role, expected as Area);
        if (reaches) {
          expect(result.code, `${name} as ${role}: ${result.error}`).not.toBe("FORBIDDEN");
        } else {
          expect(result, `${name} as ${role}`).toEqual({
            ok: false,
            code: "FORBIDDEN",
            error: forbiddenMessage(expected as Area),
          });
        }
      }
    }
  });
});

describe.each(routeFiles)("dashboard route %s", (rel) => {
  it("every method asks for the expected area; refused roles get a 403 problem, signed out a 401", async () => {
    const routeModule = await load(APP_DIR, rel);
    const methods = Object.keys(routeModule).filter((k) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(k));
    expect(methods.length, `${rel} exports a method`).toBeGreaterThan(0);
    const { params, urlPath } = routeParams(rel);
    const { cookies } = await teamWithSessions();

    for (const method of methods) {
      const expected = expectedRouteArea(rel, method) as Area;
      const handler = routeModule[method] as Handler;
      const send = (cookie: string | null) => {
        const headers = new Headers({ Origin: "http://sendwell.test", "Content-Type": "application/json" });
        if (cookie) headers.set("Cookie", cookie);
        const body = method === "GET" ? undefined : "{}";
        const req = new Request(`http://sendwell.test${urlPath}`, { method, headers, body });
        return handler(req, { params: Promise.resolve(params) });
      };

      const signedOut = await send(null);
      expect(signedOut.status, `${method} ${rel} signed out`).toBe(401);

      for (const role of LEAST_FIRST) {
        asked.areas = [];
        const res = await send(cookies[role]);
        expect(asked.areas[0], `${method} ${rel}: the area its withSession names`).toBe(expected);
        if (can(role, expected)) {
          expect(res.status, `${method} ${rel} as ${role}`).not.toBe(403);
        } else {
          expect(res.status, `${method} ${rel} as ${role}`).toBe(403);
          expect(res.headers.get("content-type")).toContain("application/problem+json");
          expect(await res.json()).toMatchObject({ status: 403, detail: forbiddenMessage(expected) });
        }
        if (!res.bodyUsed) await res.body?.cancel();
      }
    }
  });
});

describe("pages", () => {
  it("each dashboard page and layout asks dashboardContext for the expected area", () => {
    const pages = discoverPages();
    expect(pages.length).toBeGreaterThanOrEqual(25);
    for (const rel of pages) {
      const calls = [...readAppFile(rel).matchAll(/dashboardContext\(\s*"([\w.]+)"\s*\)/g)].map((m) => m[1]);
      // A page that only redirects elsewhere needs no context; one that reads the workspace must name the area.
      if (calls.length === 0 && /\b(r|permanentR)edirect\(/.test(readAppFile(rel))) continue;
      expect(calls, rel).toEqual([expectedPageArea(rel)]);
    }
  });

  it("a viewer opens every page a member opens, but the few that only create something", () => {
    const areaOf = (rel: string) => expectedPageArea(rel) as Area;
    const createOnly = discoverPages().filter((rel) => can("member", areaOf(rel)) && !can("viewer", areaOf(rel)));
    expect(createOnly).toEqual([
      "(dashboard)/broadcasts/new/page.tsx",
      "(dashboard)/contacts/import/page.tsx",
      "(dashboard)/forms/new/page.tsx",
      "(dashboard)/segments/new/page.tsx",
    ]);
  });

  it("dashboardContext sends each role that does not reach an area to /no-access, and lets the others in", async () => {
    const { dashboardContext } = await import("@/app/(dashboard)/_lib/dashboard-context");
    const { team, cookies } = await teamWithSessions();
    const areas = [...new Set(discoverPages().map((rel) => expectedPageArea(rel) as Area)), "ownership" as const];
    for (const area of areas) {
      for (const role of ROLES) {
        signInWith(cookies[role]);
        const outcome = await dashboardContext(area).then(
          (context) => context.workspace.id,
          (error: { digest?: string }) => error.digest ?? String(error),
        );
        if (can(role, area)) expect(outcome, `${area} as ${role}`).toBe(team.workspace.id);
        else expect(outcome, `${area} as ${role}`).toContain(`/no-access?area=${area}`);
      }
    }
  });
});

describe("an author writes what is not yet going out, and nothing that is", () => {
  it("saves a draft broadcast, but not a scheduled one; a member saves both", async () => {
    const { saveDraftAction } = await import("@/features/composer/actions/composer-actions");
    const { team, cookies } = await teamWithSessions();
    const save = async (role: Role, status: "draft" | "scheduled") => {
      const scheduledAt = status === "scheduled" ? new Date(Date.now() + 86_400_000) : null;
      const b = await makeBroadcast(team.workspace.id, { status, scheduledAt });
      signInWith(cookies[role]);
      return saveDraftAction({ id: b.id, expectedUpdatedAt: b.updatedAt.toISOString(), draft: { subject: "New" } });
    };
    expect(await save("author", "draft")).toMatchObject({ ok: true });
    expect(await save("author", "scheduled")).toEqual({
      ok: false,
      code: "FORBIDDEN",
      error: forbiddenMessage("broadcasts.send"),
    });
    // The member passes the role check; the edit is then checked like a send (this workspace has no audience).
    const member = await save("member", "scheduled");
    expect(member).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(await save("viewer", "draft")).toMatchObject({ code: "FORBIDDEN" });
  });

  it("saves a draft automation, but not a live one (each save publishes); a member saves both", async () => {
    const { saveAutomationAction } = await import("@/features/automations/actions/builder-actions");
    const { team, cookies } = await teamWithSessions();
    const save = async (role: Role, status: "draft" | "paused") => {
      const a = await createAutomation(team.workspace.id, { name: "Welcome", trigger: { type: "api" } });
      // Straight to paused: what matters here is the status, not the road to it (activation's checks).
      if (status === "paused")
        await db().$executeRaw`UPDATE "Automation" SET status = 'paused' WHERE id = ${a.id}::uuid`;
      const current = await getAutomation(team.workspace.id, a.id);
      signInWith(cookies[role]);
      return saveAutomationAction({ id: a.id, expectedUpdatedAt: current.updatedAt, draft: { name: "Hello" } });
    };
    expect(await save("author", "draft")).toMatchObject({ ok: true });
    expect(await save("author", "paused")).toEqual({
      ok: false,
      code: "FORBIDDEN",
      error: forbiddenMessage("broadcasts.send"),
    });
    // The member passes the role check; a live edit must then pass the activation checklist (it has no steps).
    expect(await save("member", "paused")).toMatchObject({ ok: false, code: "VALIDATION" });
    expect(await save("viewer", "draft")).toMatchObject({ code: "FORBIDDEN" });
  });

  it("edits a draft form, but not a published one; a member edits both", async () => {
    const { updateFormAction } = await import("@/features/form-builder/actions/builder-actions");
    const { team, cookies } = await teamWithSessions();
    const edit = async (role: Role, published: boolean) => {
      const form = await createForm({ workspaceId: team.workspace.id, input: { name: "Newsletter" } });
      if (published) await publishForm({ workspaceId: team.workspace.id, formId: form.id });
      signInWith(cookies[role]);
      return updateFormAction({ id: form.id, input: { heading: "Join us" } });
    };
    expect(await edit("author", false)).toMatchObject({ ok: true });
    expect(await edit("author", true)).toEqual({
      ok: false,
      code: "FORBIDDEN",
      error: forbiddenMessage("forms.publish"),
    });
    expect(await edit("member", true)).toMatchObject({ ok: true });
  });
});
