// The auth and isolation matrix every keyed route must pass: no key, malformed key, unknown key and
// revoked key → 401; read key on a write → 403 saying read-only; another workspace's key on this workspace's id → 404.
import { describe, expect, it } from "vitest";
import { generateApiKey } from "@/server/auth/api-key-format";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { call, type makeWorkspace } from "./fixtures";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;

export type MatrixRoute = {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  handler: Parameters<typeof call>[0];
  /** Path and params are functions: ids are only known once the beforeAll that creates them has run. */
  path: () => string;
  params?: () => Record<string, string>;
  body?: () => unknown;
  /** The scope the route declares in withApiKey (default: read for GET, write otherwise). */
  scope?: "read" | "write";
  /** Expected status for the owner's read key on a read-scope route (default 200). */
  readStatus?: number;
};

/**
 * `owner()` is the workspace that owns the ids in the paths, `other()` a second workspace. Routes with `params` get
 * the cross-workspace check; every write-scope route gets the read-only check.
 */
export function describeAuthMatrix(routes: MatrixRoute[], owner: () => Ws, other: () => Ws) {
  const send = (r: MatrixRoute, key: string | null) =>
    call(r.handler, r.method, r.path(), { key, body: r.body?.(), params: r.params?.() });

  describe.each(routes)("auth matrix: $name", (route) => {
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
        workspaceId: owner().id,
        input: { name: "soon revoked", scope: "write" },
      });
      await revokeApiKey({ workspaceId: owner().id, keyId: key.id });
      expect((await send(route, plaintext)).status).toBe(401);
    });

    const isWrite = (route.scope ?? (route.method === "GET" ? "read" : "write")) === "write";
    it(isWrite ? "answers 403 to a read key, saying it is read-only" : "is allowed with a read key", async () => {
      const res = await send(route, owner().readKey);
      if (isWrite) {
        expect(res.status).toBe(403);
        expect(res.body.title).toBe("Forbidden");
        expect(res.body.detail).toMatch(/read-only/);
      } else {
        expect(res.status).toBe(route.readStatus ?? 200);
      }
    });

    if (route.params) {
      it("answers 404 to another workspace's key for this workspace's id", async () => {
        const res = await send(route, other().writeKey);
        expect(res.status).toBe(404);
        expect(res.body.status).toBe(404);
      });
    }
  });
}
