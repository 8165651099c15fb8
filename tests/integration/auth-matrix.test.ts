// Every keyed route × (no key, malformed key, unknown key, revoked key, read key on write, other workspace's id).
import { beforeAll, describe, expect, it } from "vitest";
import * as tags from "@/app/api/v1/tags/route";
import * as tag from "@/app/api/v1/tags/[id]/route";
import { generateApiKey } from "@/server/auth/api-key-format";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { call, makeWorkspace } from "../support/fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let a: Ws;
let b: Ws;
let tagOfA: string;

type Route = {
  name: string;
  method: string;
  handler: Parameters<typeof call>[0];
  path: () => string;
  params?: () => Record<string, string>;
  body?: unknown;
  write: boolean;
};

const routes: Route[] = [
  { name: "list tags", method: "GET", handler: tags.GET, path: () => "/api/v1/tags", write: false },
  {
    name: "create tag",
    method: "POST",
    handler: tags.POST,
    path: () => "/api/v1/tags",
    body: { name: "Matrix" },
    write: true,
  },
  {
    name: "get tag",
    method: "GET",
    handler: tag.GET,
    path: () => `/api/v1/tags/${tagOfA}`,
    params: () => ({ id: tagOfA }),
    write: false,
  },
  {
    name: "update tag",
    method: "PATCH",
    handler: tag.PATCH,
    path: () => `/api/v1/tags/${tagOfA}`,
    params: () => ({ id: tagOfA }),
    body: { color: "#111111" },
    write: true,
  },
  {
    name: "delete tag",
    method: "DELETE",
    handler: tag.DELETE,
    path: () => `/api/v1/tags/${tagOfA}`,
    params: () => ({ id: tagOfA }),
    write: true,
  },
];

beforeAll(async () => {
  a = await makeWorkspace();
  b = await makeWorkspace();
  const res = await call(tags.POST, "POST", "/api/v1/tags", { key: a.writeKey, body: { name: "Owned by A" } });
  tagOfA = res.body.data.id;
});

const send = (r: Route, key: string | null) =>
  call(r.handler, r.method, r.path(), { key, body: r.body, params: r.params?.() });

describe.each(routes)("$name", (route) => {
  it("answers 401 without a key, with a malformed key, and with an unknown well-formed key", async () => {
    for (const key of [null, "sw_nope", "Bearer abc", generateApiKey()]) {
      const res = await send(route, key);
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body).toEqual({
        type: "http://sendwell.test/docs/errors/401",
        title: "Unauthorized",
        status: 401,
        detail: expect.any(String),
        instance: route.path(),
      });
    }
  });

  it("answers 401 for a revoked key on the very next request", async () => {
    const { key, plaintext } = await createApiKey({
      workspaceId: a.id,
      input: { name: "soon revoked", scope: "write" },
    });
    await revokeApiKey({ workspaceId: a.id, keyId: key.id });
    expect((await send(route, plaintext)).status).toBe(401);
  });

  it(route.write ? "answers 403 to a read key, saying it is read-only" : "is allowed with a read key", async () => {
    const res = await send(route, a.readKey);
    if (route.write) {
      expect(res.status).toBe(403);
      expect(res.body.title).toBe("Forbidden");
      expect(res.body.detail).toMatch(/read-only/);
    } else {
      expect(res.status).toBe(200);
    }
  });

  if (route.params) {
    it("answers 404 to another workspace's key for this workspace's id", async () => {
      const res = await send(route, b.writeKey);
      expect(res.status).toBe(404);
      expect(res.body.status).toBe(404);
    });
  }
});

describe("workspace isolation", () => {
  it("lists only the caller's tags and leaves A's tag untouched after B's attempts", async () => {
    const list = await call(tags.GET, "GET", "/api/v1/tags", { key: b.readKey });
    expect(list.body.data.every((t: { workspaceId: string }) => t.workspaceId === b.id)).toBe(true);
    const still = await call(tag.GET, "GET", `/api/v1/tags/${tagOfA}`, { key: a.readKey, params: { id: tagOfA } });
    expect(still.body.data).toMatchObject({ name: "Owned by A" });
  });

  it("lets B use a name A already has", async () => {
    const res = await call(tags.POST, "POST", "/api/v1/tags", { key: b.writeKey, body: { name: "Owned by A" } });
    expect(res.status).toBe(201);
  });
});
