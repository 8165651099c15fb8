// The auth and isolation matrix for the tag routes (each resource's own test file applies it to its routes).
import { beforeAll, describe, expect, it } from "vitest";
import * as tags from "@/app/api/v1/tags/route";
import * as tag from "@/app/api/v1/tags/[id]/route";
import { call, makeWorkspace } from "../support/fixtures";
import { describeAuthMatrix } from "../support/auth-matrix";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let a: Ws;
let b: Ws;
let tagOfA: string;

beforeAll(async () => {
  a = await makeWorkspace();
  b = await makeWorkspace();
  const res = await call(tags.POST, "POST", "/api/v1/tags", { key: a.writeKey, body: { name: "Owned by A" } });
  tagOfA = res.body.data.id;
});

const item = () => `/api/v1/tags/${tagOfA}`;
const params = () => ({ id: tagOfA });

describeAuthMatrix(
  [
    { name: "list tags", method: "GET", handler: tags.GET, path: () => "/api/v1/tags" },
    {
      name: "create tag",
      method: "POST",
      handler: tags.POST,
      path: () => "/api/v1/tags",
      body: () => ({ name: "Matrix" }),
    },
    { name: "get tag", method: "GET", handler: tag.GET, path: item, params },
    { name: "update tag", method: "PATCH", handler: tag.PATCH, path: item, params, body: () => ({ color: "#111111" }) },
    { name: "delete tag", method: "DELETE", handler: tag.DELETE, path: item, params },
  ],
  () => a,
  () => b,
);

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
