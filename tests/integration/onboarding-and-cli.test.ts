// Onboarding's one-time rule and the operator CLI's commands, on the real database.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createFirstUser } from "@/server/services/users/create-first-user";
import { verifyCredentials } from "@/server/services/users/verify-credentials";
import { runCommand } from "@/cli/commands";
import { isWellFormedApiKey, hashApiKey } from "@/server/auth/api-key-format";

describe("onboarding", () => {
  it("creates the first user with a slow hash and an owned workspace, then refuses a second onboarding", async () => {
    // The shared test database may already have a user from another run; onboarding is only for an empty one.
    if ((await db().user.count()) > 0) {
      await expect(
        createFirstUser({ email: "late@example.com", password: "long enough pw", workspaceName: "Late" }),
      ).rejects.toThrow(/already set up/);
      return;
    }
    const { user, workspace } = await createFirstUser({
      email: "Owner@Example.com",
      password: "correct horse battery",
      workspaceName: "First Co",
    });
    expect(user.email).toBe("owner@example.com");
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(await db().membership.findFirst({ where: { userId: user.id, workspaceId: workspace.id } })).toMatchObject({
      role: "owner",
    });
    await expect(
      createFirstUser({ email: "second@example.com", password: "another password", workspaceName: "X" }),
    ).rejects.toThrow(/already set up/);
    expect(await verifyCredentials("OWNER@example.com", "correct horse battery")).toMatchObject({ id: user.id });
  });

  it("verifies credentials only with the right password", async () => {
    const email = `user-${Date.now()}@example.com`;
    const { hashPassword } = await import("@/server/services/users/password");
    await db().user.create({ data: { email, passwordHash: await hashPassword("the right password") } });
    expect(await verifyCredentials(email.toUpperCase(), "the right password")).toMatchObject({ email });
    expect(await verifyCredentials(email, "the wrong password")).toBeNull();
    expect(await verifyCredentials("nobody@example.com", "the right password")).toBeNull();
    expect(await verifyCredentials("not an email", "x")).toBeNull();
  });
});

describe("operator CLI commands", () => {
  it("creates a workspace and a key that authenticates", async () => {
    const slug = await runCommand({ kind: "workspace.create", name: "CLI Works" });
    expect(slug).toMatch(/^cli-works(-[0-9a-f]{6})?$/);
    const key = await runCommand({ kind: "keys.create", workspace: slug, name: "automation", scope: "read" });
    expect(isWellFormedApiKey(key)).toBe(true);
    const row = await db().apiKey.findUniqueOrThrow({
      where: { keyHash: hashApiKey(key) },
      include: { workspace: true },
    });
    expect(row).toMatchObject({ scope: "read", name: "automation", workspace: { slug } });
  });

  it("gives clear errors for an unknown workspace or owner", async () => {
    await expect(
      runCommand({ kind: "keys.create", workspace: "no-such-ws", name: "x", scope: "write" }),
    ).rejects.toThrow('No workspace with the slug "no-such-ws".');
    await expect(runCommand({ kind: "workspace.create", name: "X", ownerEmail: "ghost@example.com" })).rejects.toThrow(
      /No user with the email ghost@example.com/,
    );
  });
});
