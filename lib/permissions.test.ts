import { describe, expect, it } from "vitest";
import { AREAS, can, canManageRole, forbiddenMessage, ROLE_DESCRIPTION, ROLES, roleWithArticle } from "./permissions";

const WRITES = AREAS.filter((a) => /\.(write|send|publish|import|export|delete)$/.test(a));
const READS = ["workspace", "audience", "broadcasts", "forms", "analytics", "outbox"] as const;

describe("permissions", () => {
  it("gives members the marketing areas only", () => {
    for (const area of [...READS, ...WRITES]) expect(can("member", area), area).toBe(true);
    for (const area of ["apiKeys", "webhooks", "team", "workspaceSettings", "ownership"] as const)
      expect(can("member", area)).toBe(false);
  });
  it("gives admins everything but ownership, and owners everything", () => {
    expect(can("admin", "webhooks")).toBe(true);
    expect(can("admin", "team")).toBe(true);
    expect(can("admin", "ownership")).toBe(false);
    for (const area of AREAS) expect(can("owner", area)).toBe(true);
  });
  it("lets a viewer read what a member reads, and change nothing", () => {
    for (const area of READS) expect(can("viewer", area), area).toBe(true);
    for (const area of WRITES) expect(can("viewer", area), area).toBe(false);
  });
  it("lets an author write drafts and forms, but not send, schedule, publish, nor touch contacts", () => {
    expect(can("author", "broadcasts.write")).toBe(true);
    expect(can("author", "forms.write")).toBe(true);
    for (const area of [
      "broadcasts.send",
      "forms.publish",
      "audience.write",
      "contacts.import",
      "contacts.export",
      "contacts.delete",
      "team",
    ] as const)
      expect(can("author", area), area).toBe(false);
    for (const area of READS) expect(can("author", area), area).toBe(true);
  });
  it("never lets a role give more than it has, nor touch the owner's role", () => {
    expect(canManageRole("admin", "admin")).toBe(true);
    expect(canManageRole("admin", "member")).toBe(true);
    expect(canManageRole("admin", "author")).toBe(true);
    expect(canManageRole("admin", "viewer")).toBe(true);
    expect(canManageRole("admin", "owner")).toBe(false);
    expect(canManageRole("owner", "owner")).toBe(false);
    expect(canManageRole("member", "member")).toBe(false);
    expect(canManageRole("member", "viewer")).toBe(false);
  });
  it("says what was refused and who can do it", () => {
    expect(forbiddenMessage("webhooks")).toBe(
      "Only owners and admins can manage webhooks. Ask one of them if you need this.",
    );
    expect(forbiddenMessage("ownership")).toMatch(/^Only the workspace's owner/);
    expect(forbiddenMessage("broadcasts.send")).toBe(
      "Only owners, admins and members can send or schedule broadcasts. Ask one of them if you need this.",
    );
    expect(forbiddenMessage("forms.write")).toBe(
      "Only owners, admins, members and authors can create and edit forms. Ask one of them if you need this.",
    );
  });
  it("describes every role, with the right article", () => {
    for (const role of ROLES) expect(ROLE_DESCRIPTION[role].length).toBeGreaterThan(10);
    expect(roleWithArticle("admin")).toBe("an admin");
    expect(roleWithArticle("author")).toBe("an author");
    expect(roleWithArticle("viewer")).toBe("a viewer");
  });
});
