// Every 201 of the API carries `Location`, the new resource's URL (absolute on APP_URL), and a GET of it answers that
// resource. Table-driven over the document's 201 responses: a create operation the table does not cover fails the
// first test, so a new one joins it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "@/server/config";
import { openApiDocument } from "@/server/openapi/document";
import { implementedRoutes, type ApiRoute } from "../support/api-routes";
import { makeSentBroadcast } from "../support/broadcast-rows";
import { call, makeWorkspace } from "../support/fixtures";
import { applyDispatcherEnv, startReceiver, type Receiver } from "../support/webhook-receiver";

type Op = { responses: Record<string, { headers?: Record<string, unknown> }> };
type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
type Request = { params?: Record<string, string>; body?: unknown };

const doc = openApiDocument();
const creates = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Op>)
    .filter(([, op]) => op.responses?.["201"])
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

let ws: Ws;
let routes: ApiRoute[];
let receiver: Receiver;
let restoreEnv: () => void;
const ids: Record<string, string> = {};

/** How to make each create succeed, given records made in beforeAll. */
const requests: Record<string, () => Request> = {
  "POST /api/v1/tags": () => ({ body: { name: "Located" } }),
  "POST /api/v1/segments": () => ({
    body: { name: "All", rules: { match: "all", conditions: [{ type: "field", field: "email", operator: "is_set" }] } },
  }),
  "POST /api/v1/contacts": () => ({ body: { email: "located@example.com" } }),
  "POST /api/v1/custom-fields": () => ({ body: { key: "located", label: "Located", type: "text" } }),
  "POST /api/v1/webhooks": () => ({ body: { url: receiver.url, events: ["contact.created"] } }),
  "POST /api/v1/webhooks/{id}/test": () => ({ params: { id: ids.webhook! } }),
  "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": () => ({
    params: { id: ids.webhook!, deliveryId: ids.delivery! },
  }),
  "POST /api/v1/broadcasts": () => ({ body: { name: "Located" } }),
  "POST /api/v1/broadcasts/{id}/duplicate": () => ({ params: { id: ids.broadcast! } }),
  "POST /api/v1/broadcasts/{id}/resend-unopened": () => ({ params: { id: ids.sent! }, body: { subject: "Again" } }),
  "POST /api/v1/forms": () => ({ body: { name: "Located" } }),
  "POST /api/v1/forms/{id}/duplicate": () => ({ params: { id: ids.form! } }),
  "POST /api/v1/automations": () => ({ body: { name: "Located", trigger: { type: "api" } } }),
  "POST /api/v1/automations/{id}/duplicate": () => ({ params: { id: ids.automation! } }),
  "POST /api/v1/automations/{id}/enrolments": () => ({
    params: { id: ids.automation! },
    body: { email: "enrolled@example.com" },
  }),
};

const routeFor = (name: string) => {
  const [method, path] = name.split(" ");
  return routes.find((r) => r.method === method && r.path === path)!;
};
const fill = (template: string, params: Record<string, string> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, p: string) => params[p]!);

/** The GET route whose path template matches `path`, with the params it names. */
function getRouteOf(path: string) {
  for (const route of routes.filter((r) => r.method === "GET")) {
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), "([^/]+)"))}$`);
    const m = pattern.exec(path);
    if (m) return { route, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}

beforeAll(async () => {
  restoreEnv = applyDispatcherEnv();
  receiver = await startReceiver(() => ({ status: 204 }));
  routes = await implementedRoutes();
  ws = await makeWorkspace();
  const post = async (name: string, req: Request) => {
    const res = await call(routeFor(name).handler, "POST", fill(name.split(" ")[1]!, req.params), {
      key: ws.writeKey,
      ...req,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data ?? res.body) as { id: string };
  };
  ids.broadcast = (await post("POST /api/v1/broadcasts", { body: { name: "Source" } })).id;
  ids.form = (await post("POST /api/v1/forms", { body: { name: "Source" } })).id;
  ids.webhook = (await post("POST /api/v1/webhooks", requests["POST /api/v1/webhooks"]!())).id;
  ids.delivery = (await post("POST /api/v1/webhooks/{id}/test", { params: { id: ids.webhook } })).id;
  ids.sent = (await makeSentBroadcast({ workspaceId: ws.id, count: 1 })).id;
  // An active automation without email steps (no sender needed), and a contact to enrol in it.
  await post("POST /api/v1/contacts", { body: { email: "enrolled@example.com" } });
  ids.automation = (
    await post("POST /api/v1/automations", {
      body: { name: "Source", trigger: { type: "api" }, startStepId: "end", steps: [{ id: "end", type: "exit" }] },
    })
  ).id;
  await call(
    routeFor("POST /api/v1/automations/{id}/activate").handler,
    "POST",
    fill("/api/v1/automations/{id}/activate", { id: ids.automation }),
    {
      key: ws.writeKey,
      params: { id: ids.automation },
    },
  );
});

afterAll(async () => {
  await receiver?.close();
  restoreEnv?.();
});

describe("201 Created", () => {
  it("is answered by the create operations this test knows, each documenting Location", () => {
    expect(creates.map((c) => c.name).sort()).toEqual(Object.keys(requests).sort());
    for (const { name, op } of creates) {
      expect(op.responses["201"]!.headers, name).toHaveProperty("Location");
    }
  });

  it.each(Object.keys(requests))("%s answers Location, the new resource's URL", async (name) => {
    const req = requests[name]!();
    const res = await call(routeFor(name).handler, "POST", fill(name.split(" ")[1]!, req.params), {
      key: ws.writeKey,
      ...req,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const record = (res.body.data ?? res.body) as { id: string };
    const location = res.headers.get("location");
    expect(location).toMatch(new RegExp(`^${appUrl()}/api/v1/.+/${record.id}$`));
    const path = new URL(location!).pathname;
    const found = getRouteOf(path);
    expect(found, `no GET route answers ${path}`).toBeDefined();
    const got = await call(found!.route.handler, "GET", path, { key: ws.readKey, params: found!.params });
    expect(got.status).toBe(200);
    expect((got.body.data ?? got.body).id).toBe(record.id);
  });
});
