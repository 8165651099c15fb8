import { describe, expect, it } from "vitest";
import { can, canManageRole, forbiddenMessage } from "./permissions";

describe("permissions", () => {
  it("gives members the marketing areas only", () => {
    for (const area of ["workspace", "audience", "broadcasts", "forms", "analytics", "outbox"] as const)
      expect(can("member", area)).toBe(true);
    for (const area of ["apiKeys", "webhooks", "team", "workspaceSettings", "ownership"] as const)
      expect(can("member", area)).toBe(false);
  });
  it("gives admins everything but ownership, and owners everything", () => {
    expect(can("admin", "webhooks")).toBe(true);
    expect(can("admin", "team")).toBe(true);
    expect(can("admin", "ownership")).toBe(false);
    expect(can("owner", "ownership")).toBe(true);
  });
  it("never lets a role give more than it has, nor touch the owner's role", () => {
    expect(canManageRole("admin", "admin")).toBe(true);
    expect(canManageRole("admin", "member")).toBe(true);
    expect(canManageRole("admin", "owner")).toBe(false);
    expect(canManageRole("owner", "owner")).toBe(false);
    expect(canManageRole("member", "member")).toBe(false);
  });
  it("says who can do a refused thing", () => {
    expect(forbiddenMessage("webhooks")).toBe(
      "Only owners and admins can manage webhooks. Ask one of them if you need this.",
    );
    expect(forbiddenMessage("ownership")).toMatch(/^Only the workspace's owner/);
  });
});
