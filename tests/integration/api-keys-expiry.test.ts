// API key expiry, deletion and last use against the real database: an expired key answers 401 problem+json on a
// real route through withApiKey (saying when it expired), only revoked keys can be deleted, and a request records
// the key's last use. The dashboard actions carry the create dialog's expiry and the role check.
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import * as tags from "@/app/api/v1/tags/route";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { deleteApiKey } from "@/server/services/api-keys/delete-api-key";
import { listApiKeys } from "@/server/services/api-keys/list-api-keys";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { createApiKeyAction, deleteApiKeyAction } from "@/app/(dashboard)/settings/api-keys/actions";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { call, makeWorkspace } from "../support/fixtures";
import { sessionCookie } from "../support/session-cookie";
import { makeTeam } from "./team-fixtures";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

async function signInAs(userId: string, workspaceId: string) {
  const [name, value] = (await sessionCookie(userId)).cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([
    [name, value],
    [WORKSPACE_COOKIE, workspaceId],
  ]);
}

const listTags = (key: string) => call(tags.GET, "GET", "/api/v1/tags", { key });

describe("an expired key", () => {
  it("works until its expiry, then answers 401 problem+json saying when it expired", async () => {
    const ws = await makeWorkspace();
    const { key, plaintext } = await createApiKey({
      workspaceId: ws.id,
      input: { name: "Short-lived", scope: "read", expiresAt: new Date(Date.now() + 60_000) },
    });
    expect((await listTags(plaintext)).status).toBe(200);

    const expiredAt = new Date(Date.now() - 1000);
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: expiredAt } });
    const res = await listTags(plaintext);
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 401, detail: expect.stringContaining(expiredAt.toISOString()) });
    expect(res.body.detail).toMatch(/^The API key expired on /);

    // The workspace's other keys are not affected.
    expect((await listTags(ws.readKey)).status).toBe(200);
  });

  it("a revoked key still gets the general answer, whether or not it had expired", async () => {
    const ws = await makeWorkspace();
    const { key, plaintext } = await createApiKey({
      workspaceId: ws.id,
      input: { name: "Gone", scope: "read", expiresAt: new Date(Date.now() + 60_000) },
    });
    await revokeApiKey({ workspaceId: ws.id, keyId: key.id });
    const res = await listTags(plaintext);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/missing, malformed, unknown or revoked/);
  });
});

describe("createApiKeyAction with an expiry", () => {
  it("stores the chosen instant, refuses a past one at the field, and is refused to a member", async () => {
    const team = await makeTeam(["member"]);
    await signInAs(team.owner.id, team.workspace.id);
    const at = new Date(Date.now() + 30 * 86_400_000);
    const created = await createApiKeyAction({ name: "Thirty days", scope: "write", expiresAt: at.toISOString() });
    expect(created).toMatchObject({ ok: true, data: { key: { expiresAt: at.toISOString(), createdBy: "owner" } } });

    const never = await createApiKeyAction({ name: "Forever", scope: "read", expiresAt: null });
    expect(never).toMatchObject({ ok: true, data: { key: { expiresAt: null } } });

    const past = await createApiKeyAction({
      name: "Yesterday",
      scope: "read",
      expiresAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past).toMatchObject({
      ok: false,
      fieldErrors: [{ pointer: "#/expiresAt", detail: "Choose a date in the future." }],
    });
    expect(await createApiKeyAction({ name: "Bad", scope: "read", expiresAt: "next week" })).toMatchObject({
      ok: false,
      fieldErrors: [{ pointer: "#/expiresAt" }],
    });

    await signInAs(team.others[0]!.id, team.workspace.id);
    expect(await createApiKeyAction({ name: "Mine", scope: "read", expiresAt: null })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    const names = (await listApiKeys({ workspaceId: team.workspace.id })).map((k) => k.name).sort();
    expect(names).toEqual(["Forever", "Thirty days"]);
  });
});

describe("deleting a key", () => {
  it("deletes a revoked key; refuses an active one (revoke first) and another workspace's", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const { key } = await createApiKey({ workspaceId: ws.id, input: { name: "Old", scope: "read" } });

    await expect(deleteApiKey({ workspaceId: ws.id, keyId: key.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Revoke this key before deleting it/),
    });
    await revokeApiKey({ workspaceId: ws.id, keyId: key.id });
    await expect(deleteApiKey({ workspaceId: other.id, keyId: key.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteApiKey({ workspaceId: ws.id, keyId: key.id });
    expect(await db().apiKey.count({ where: { id: key.id } })).toBe(0);
    await expect(deleteApiKey({ workspaceId: ws.id, keyId: key.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteApiKey({ workspaceId: ws.id, keyId: randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("through the action: an admin deletes a revoked key, a member is refused", async () => {
    const team = await makeTeam(["admin", "member"]);
    const { key } = await createApiKey({ workspaceId: team.workspace.id, input: { name: "Old", scope: "read" } });
    await revokeApiKey({ workspaceId: team.workspace.id, keyId: key.id });
    await signInAs(team.others[1]!.id, team.workspace.id);
    expect(await deleteApiKeyAction({ id: key.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db().apiKey.count({ where: { id: key.id } })).toBe(1);
    await signInAs(team.others[0]!.id, team.workspace.id);
    expect(await deleteApiKeyAction({ id: key.id })).toEqual({ ok: true, data: undefined });
    expect(await db().apiKey.count({ where: { id: key.id } })).toBe(0);
  });
});

describe("last use", () => {
  it("is recorded by a request through withApiKey and shown in the list", async () => {
    const ws = await makeWorkspace();
    const before = (await listApiKeys({ workspaceId: ws.id })).find((k) => k.id === ws.readKeyId)!;
    expect(before.lastUsedAt).toBeNull();
    const started = Date.now();
    expect((await listTags(ws.readKey)).status).toBe(200);
    // The write is fire-and-forget (it must not slow the request down): wait for it to land.
    await vi.waitFor(
      async () => {
        const row = await db().apiKey.findUniqueOrThrow({ where: { id: ws.readKeyId } });
        expect(row.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
      },
      { timeout: 5000 },
    );
    const after = (await listApiKeys({ workspaceId: ws.id })).find((k) => k.id === ws.readKeyId)!;
    expect(after.lastUsedAt).not.toBeNull();
    expect((await listApiKeys({ workspaceId: ws.id })).find((k) => k.id === ws.writeKeyId)!.lastUsedAt).toBeNull();
  });
});
