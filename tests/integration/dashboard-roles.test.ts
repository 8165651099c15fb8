// The dashboard's role matrix, as auth-matrix.test.ts is for API keys: every server action and every dashboard route
// handler, found on disk at run time (a new module is picked up without editing this file), is called by an owner,
// an admin and a member of a fresh workspace, with real users, memberships, sessions and cookies. A role that does
// not reach the action's area gets FORBIDDEN with lib/permissions' sentence; a role that does gets anything else
// (usually a validation error, as the input is `{}`). The areas expected are written in tests/support/dashboard-matrix.ts
// from the words, not read from the code.
import { describe, expect, it, vi } from "vitest";
import path from "node:path";
import { ROLES, can, forbiddenMessage, type Area, type Role } from "@/lib/permissions";
import { sessionCookie } from "../support/session-cookie";
import {
  APP_DIR,
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

const actionModules = discoverActionModules();
const routeFiles = discoverDashboardRoutes();
const load = (rel: string) => import(/* @vite-ignore */ path.join(APP_DIR, rel)) as Promise<Record<string, unknown>>;

/** A workspace with one person of each role, each signed in with their own session cookie. */
async function teamWithSessions() {
  const team = await makeTeam(["admin", "member"]);
  const people: Record<Role, string> = { owner: team.owner.id, admin: team.others[0]!.id, member: team.others[1]!.id };
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
    expect(actionModules).toContain("(dashboard)/settings/api-keys/actions.ts");
    expect(actionModules).toContain("_actions/workspaces.ts");
    expect(routeFiles.length).toBeGreaterThanOrEqual(5);
  });

  it("every action module and dashboard route is in the expected table", () => {
    const missing = [
      ...actionModules.filter((rel) => expectedActionArea(rel, "") === undefined),
      ...routeFiles.filter((rel) => expectedRouteArea(rel) === undefined),
    ];
    expect(missing, "add these to tests/support/dashboard-matrix.ts with the area the issue gives them").toEqual([]);
  });
});

describe.each(actionModules)("server actions of %s", (rel) => {
  it("every export is wrapped and carries the expected area; each role gets what its area allows", async () => {
    const exports = Object.entries(await load(rel));
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
      for (const role of ["member", "admin", "owner"] as const) {
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
    const expected = expectedRouteArea(rel) as Area;
    const routeModule = await load(rel);
    const methods = Object.keys(routeModule).filter((k) => /^(GET|POST|PUT|PATCH|DELETE)$/.test(k));
    expect(methods.length, `${rel} exports a method`).toBeGreaterThan(0);
    const { params, urlPath } = routeParams(rel);
    const { cookies } = await teamWithSessions();

    for (const method of methods) {
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

      for (const role of ["member", "admin", "owner"] as const) {
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
        await res.body?.cancel();
      }
    }
  });
});

describe("restricted pages", () => {
  it("each restricted settings page asks dashboardContext for its area", () => {
    const restricted = discoverPages().filter((rel) => expectedPageArea(rel) !== undefined);
    expect(restricted.length).toBeGreaterThanOrEqual(3);
    for (const rel of restricted) {
      const calls = [...readAppFile(rel).matchAll(/dashboardContext\(\s*"(\w+)"\s*\)/g)].map((m) => m[1]);
      // A page that only redirects elsewhere needs no context; one that reads the workspace must name the area.
      if (calls.length === 0 && /\bredirect\(/.test(readAppFile(rel))) continue;
      expect(calls, rel).toEqual([expectedPageArea(rel)]);
    }
  });

  it("dashboardContext sends a member to /no-access for each restricted area, and lets an admin in", async () => {
    const { dashboardContext } = await import("@/app/(dashboard)/_lib/dashboard-context");
    const { team, cookies } = await teamWithSessions();
    for (const area of ["apiKeys", "webhooks", "team", "workspaceSettings"] as const) {
      signInWith(cookies.member);
      const refusal = await dashboardContext(area).then(
        () => null,
        (error: { digest?: string }) => error.digest ?? String(error),
      );
      expect(refusal, area).toContain(`/no-access?area=${area}`);
      signInWith(cookies.admin);
      await expect(dashboardContext(area)).resolves.toMatchObject({ workspace: { id: team.workspace.id } });
    }
    signInWith(cookies.admin);
    const ownership = await dashboardContext("ownership").catch((error: { digest?: string }) => error.digest);
    expect(ownership).toContain("/no-access?area=ownership");
  });
});
