// Keys, scopes and workspace isolation of every automations route (the shared auth matrix), another workspace's
// contacts and automations out of reach; and an automation's hidden step broadcasts out of every broadcast answer:
// each keyed broadcast operation on one is a 404, and no list, count, home page, picker or outbox link shows it.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { listRecentBroadcasts } from "@/server/services/dashboard-home/list-recent-broadcasts";
import { getSetupProgress } from "@/server/services/dashboard-home/get-setup-progress";
import { listOutboxMessages } from "@/server/services/outbox/list-outbox-messages";
import { getOutboxMessage } from "@/server/services/outbox/get-outbox-message";
import { loadActivityTargets } from "@/app/(dashboard)/segments/_lib/load-activity-targets";
import { call, makeWorkspace } from "../support/fixtures";
import { describeAuthMatrix, type MatrixRoute } from "../support/auth-matrix";
import { implementedRoutes } from "../support/api-routes";
import { seedContacts } from "../support/sending";
import { createSegment } from "@/server/services/segments/create-segment";
import {
  automation,
  createAutomation,
  enrol,
  listAutomations,
  listEnrolments,
  move,
  readyToSend,
  routes,
  simpleFlow,
} from "../support/automation-api";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;
let other: Ws;
let id: string;
let runId: string;
let hidden: string;

beforeAll(async () => {
  ws = await makeWorkspace();
  other = await makeWorkspace();
  await readyToSend(ws.id);
  await seedContacts(ws.id, [{ email: "ada@example.com" }]);
  await seedContacts(other.id, [{ email: "theirs@example.com" }]);
  id = (await createAutomation(ws.writeKey, { name: "Owned", trigger: { type: "api" }, ...simpleFlow })).body.data.id;
  await move("activate", ws.writeKey, id);
  runId = (await enrol(ws.writeKey, id, { email: "ada@example.com" })).body.data.id;
  hidden = (await db().broadcast.findFirstOrThrow({ where: { automationId: id } })).id;
});

describe("keys and workspaces", () => {
  const path =
    (suffix = "") =>
    () =>
      `/api/v1/automations/${id}${suffix}`;
  const params = () => ({ id });
  const matrix: MatrixRoute[] = [
    { name: "list automations", method: "GET", handler: routes.collection.GET, path: () => "/api/v1/automations" },
    {
      name: "create automation",
      method: "POST",
      handler: routes.collection.POST,
      path: () => "/api/v1/automations",
      body: () => ({ name: "Matrix", trigger: { type: "api" } }),
    },
    { name: "get automation", method: "GET", handler: routes.item.GET, path: path(), params },
    {
      name: "update automation",
      method: "PATCH",
      handler: routes.item.PATCH,
      path: path(),
      params,
      body: () => ({ name: "M" }),
    },
    { name: "delete automation", method: "DELETE", handler: routes.item.DELETE, path: path(), params },
    ...(["activate", "pause", "archive", "duplicate"] as const).map((a): MatrixRoute => ({
      name: `${a} automation`,
      method: "POST",
      handler: routes[a].POST,
      path: path(`/${a}`),
      params,
    })),
    { name: "list enrolments", method: "GET", handler: routes.enrolments.GET, path: path("/enrolments"), params },
    {
      name: "enrol a contact",
      method: "POST",
      handler: routes.enrolments.POST,
      path: path("/enrolments"),
      params,
      body: () => ({ email: "ada@example.com" }),
    },
    {
      name: "get an enrolment",
      method: "GET",
      handler: routes.enrolment.GET,
      path: () => `/api/v1/automations/${id}/enrolments/${runId}`,
      params: () => ({ id, runId }),
    },
    {
      name: "remove an enrolment",
      method: "DELETE",
      handler: routes.enrolment.DELETE,
      path: () => `/api/v1/automations/${id}/enrolments/${runId}`,
      params: () => ({ id, runId }),
    },
    { name: "analytics", method: "GET", handler: routes.analytics.GET, path: path("/analytics"), params },
  ];
  describeAuthMatrix(
    matrix,
    () => ws,
    () => other,
  );

  it("lists only the caller's automations, and the other's attempts change nothing", async () => {
    const list = await listAutomations(other.readKey, "limit=100");
    expect(list.body.data.every((a: { workspaceId: string }) => a.workspaceId === other.id)).toBe(true);
    const mine = (await automation("GET", ws.readKey, id)).body.data;
    expect(mine).toMatchObject({ name: "Owned", status: "active", counts: { inside: 1 } });
    expect((await listEnrolments(ws.readKey, id)).body.data).toEqual([
      expect.objectContaining({ id: runId, status: "active" }),
    ]);
  });

  it("never enrols another workspace's contact (404), nor starts another workspace's automation", async () => {
    const theirs = await db().contact.findFirstOrThrow({ where: { workspaceId: other.id } });
    expect((await enrol(ws.writeKey, id, { contactId: theirs.id })).status).toBe(404);
    expect((await enrol(ws.writeKey, id, { email: "theirs@example.com" })).status).toBe(404);
    expect(await db().automationRun.count({ where: { contactId: theirs.id } })).toBe(0);
  });
});

describe("hidden step broadcasts", () => {
  const BODIES: Record<string, unknown> = {
    "PATCH /api/v1/broadcasts/{id}": { name: "Renamed" },
    "POST /api/v1/broadcasts/{id}/schedule": { scheduledAt: "2099-01-01T09:00:00Z" },
    "POST /api/v1/broadcasts/{id}/test": { email: "me@example.com" },
    "POST /api/v1/broadcasts/{id}/ab-winner": { variantId: "b" },
    "POST /api/v1/broadcasts/{id}/resend-unopened": { subject: "Again" },
  };

  it("answers 404 to every keyed operation on one, and leaves it as it was", async () => {
    const before = await db().broadcast.findUniqueOrThrow({ where: { id: hidden } });
    const ops = (await implementedRoutes()).filter((r) => r.path.startsWith("/api/v1/broadcasts/{id}"));
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      const res = await call(op.handler, op.method, op.path.replace("{id}", hidden), {
        key: ws.writeKey,
        params: { id: hidden },
        body: BODIES[name],
      });
      expect(res.status, name).toBe(404);
    }
    expect(await db().broadcast.findUniqueOrThrow({ where: { id: hidden } })).toEqual(before);
  });

  it("is in no broadcast list, home page, setup step or segment picker", async () => {
    const [list] = await implementedRoutes().then((r) =>
      r.filter((x) => x.path === "/api/v1/broadcasts" && x.method === "GET"),
    );
    for (const qs of ["", "?status=sending", "?archived=true"]) {
      const res = await call(list!.handler, "GET", `/api/v1/broadcasts${qs}`, { key: ws.readKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: [], total: 0 });
    }
    expect(await listRecentBroadcasts({ workspaceId: ws.id })).toEqual([]);
    expect((await getSetupProgress({ workspaceId: ws.id })).broadcast).toBe(false);
    expect((await loadActivityTargets(ws.id)).broadcasts).toEqual([]);
    const named = await createSegment({
      workspaceId: ws.id,
      input: {
        name: "Openers",
        rules: { match: "all", conditions: [{ type: "activity", action: "opened", broadcastId: hidden }] },
      },
    }).catch((e: { status: number; errors: { pointer: string }[] }) => e);
    expect(named).toMatchObject({ status: 422, errors: [{ pointer: "#/rules/conditions/0/broadcastId" }] });
  });

  it("keeps an automation's email in the outbox, naming its automation instead of a broadcast page", async () => {
    await db().outboxMessage.create({
      data: {
        workspaceId: ws.id,
        broadcastId: hidden,
        kind: "broadcast",
        fromAddress: "news@example.com",
        toAddress: "ada@example.com",
        subject: "Email hello",
        html: "<p>Hi</p>",
        text: "Hi",
      },
    });
    const page = await listOutboxMessages({ workspaceId: ws.id, query: { page: 1, limit: 20 } });
    expect(page.data).toEqual([
      expect.objectContaining({
        subject: "Email hello",
        broadcastId: null,
        broadcastName: null,
        automationId: id,
        automationName: "Owned",
      }),
    ]);
    const one = await getOutboxMessage({ workspaceId: ws.id, messageId: page.data[0]!.id });
    expect(one).toMatchObject({ broadcastId: null, broadcastName: null, automationId: id, automationName: "Owned" });
  });
});
