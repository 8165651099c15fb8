// Settings → Workspace against the real database, through the dashboard's server actions (the role check, input
// parsing and error codes the page relies on): rename limits, sending settings saved, and deleting a workspace
// (owner only, refused while a broadcast is sending, its uploaded files removed, other workspaces untouched).
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createUpload } from "@/server/services/uploads/create-upload";
import {
  deleteWorkspaceAction,
  renameWorkspaceAction,
  updateSendingSettingsAction,
} from "@/app/(dashboard)/settings/workspace/actions";
import { createFirstWorkspaceAction } from "@/app/(auth)/new-workspace/actions";
import { WORKSPACE_COOKIE } from "@/server/services/workspaces/current-workspace";
import { sessionCookie } from "../support/session-cookie";
import { makeBroadcast } from "../support/sending";
import { makeTeam, makeUser } from "./team-fixtures";

const request = vi.hoisted(() => ({
  cookies: new Map<string, string>(),
  deleted: [] as string[],
  set: [] as [string, string][],
}));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));
// The actions write the workspace cookie through next/headers, which needs a request scope the tests do not have.
vi.mock("next/headers", () => ({
  cookies: async () => ({
    delete: (name: string) => void request.deleted.push(name),
    set: (name: string, value: string) => void request.set.push([name, value]),
  }),
}));

async function signInAs(userId: string, workspaceId?: string) {
  const [name, value] = (await sessionCookie(userId)).cookie.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
  if (workspaceId) request.cookies.set(WORKSPACE_COOKIE, workspaceId);
  request.deleted = [];
  request.set = [];
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "sendwell-ws-settings-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.S3_BUCKET;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await rm(dataDir, { recursive: true, force: true });
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe("renameWorkspaceAction", () => {
  it("saves a name of up to 80 characters, trimmed, and keeps the slug", async () => {
    const team = await makeTeam(["admin"]);
    await signInAs(team.others[0]!.id, team.workspace.id);
    const name = "  " + "N".repeat(80) + "  ";
    expect(await renameWorkspaceAction({ name })).toEqual({ ok: true, data: { name: "N".repeat(80) } });
    const row = await db().workspace.findUniqueOrThrow({ where: { id: team.workspace.id } });
    expect(row).toMatchObject({ name: "N".repeat(80), slug: team.workspace.slug });
  });

  it("refuses 81 characters and a blank name at the field, and a member with FORBIDDEN", async () => {
    const team = await makeTeam(["member"]);
    await signInAs(team.owner.id, team.workspace.id);
    const long = await renameWorkspaceAction({ name: "x".repeat(81) });
    expect(long).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/name", detail: "At most 80 characters." }] });
    expect(await renameWorkspaceAction({ name: "   " })).toMatchObject({
      ok: false,
      fieldErrors: [{ pointer: "#/name", detail: "Name the workspace." }],
    });
    await signInAs(team.others[0]!.id, team.workspace.id);
    expect(await renameWorkspaceAction({ name: "Mine now" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const row = await db().workspace.findUniqueOrThrow({ where: { id: team.workspace.id } });
    expect(row.name).toBe(team.workspace.name);
  });
});

describe("updateSendingSettingsAction", () => {
  it("saves the sender, postal address, rate and time zone, and refuses a zone that is not one", async () => {
    const team = await makeTeam();
    await signInAs(team.owner.id, team.workspace.id);
    const result = await updateSendingSettingsAction({
      postalAddress: "1 Market Street\nSpringfield",
      defaultTimezone: "Europe/Paris",
      sendRatePerSecond: 12,
      defaultFromName: "Olivia",
      defaultFromEmail: "news@olivia.test",
    });
    expect(result.ok).toBe(true);
    const row = await db().workspace.findUniqueOrThrow({ where: { id: team.workspace.id } });
    expect(row).toMatchObject({
      postalAddress: "1 Market Street\nSpringfield",
      defaultTimezone: "Europe/Paris",
      sendRatePerSecond: 12,
      defaultFromName: "Olivia",
      defaultFromEmail: "news@olivia.test",
    });
    expect(
      await updateSendingSettingsAction({
        postalAddress: null,
        defaultTimezone: "Mars/Olympus",
        sendRatePerSecond: null,
        defaultFromName: null,
        defaultFromEmail: null,
      }),
    ).toMatchObject({ ok: false, fieldErrors: [{ pointer: "#/defaultTimezone" }] });
  });
});

describe("deleteWorkspaceAction", () => {
  const png = () => readFile(path.resolve(import.meta.dirname, "../../server/uploads/fixtures/img.png"));

  it("is the owner's alone: an admin is refused before anything is read, and the workspace stays", async () => {
    const team = await makeTeam(["admin"]);
    await signInAs(team.others[0]!.id, team.workspace.id);
    const result = await deleteWorkspaceAction({ confirmName: team.workspace.name });
    expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db().workspace.count({ where: { id: team.workspace.id } })).toBe(1);
  });

  it("wants the name typed exactly", async () => {
    const team = await makeTeam();
    await signInAs(team.owner.id, team.workspace.id);
    const result = await deleteWorkspaceAction({ confirmName: "not it" });
    expect(result).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: [{ pointer: "#/confirmName" }] });
    expect(await db().workspace.count({ where: { id: team.workspace.id } })).toBe(1);
  });

  it("is refused while a broadcast is sending, naming it", async () => {
    const team = await makeTeam();
    await makeBroadcast(team.workspace.id, { name: "Autumn sale", status: "sending" });
    await signInAs(team.owner.id, team.workspace.id);
    const result = await deleteWorkspaceAction({ confirmName: team.workspace.name });
    expect(result).toMatchObject({
      ok: false,
      code: "CONFLICT",
      error: expect.stringMatching(/"Autumn sale" is being sent/),
    });
    expect(await db().workspace.count({ where: { id: team.workspace.id } })).toBe(1);
  });

  it("deletes the workspace, its rows and its uploaded files, clears the cookie, and leaves other workspaces be", async () => {
    const team = await makeTeam(["member"]);
    const other = await makeTeam();
    const mine = await createUpload({
      workspaceId: team.workspace.id,
      userId: team.owner.id,
      fileName: "a.png",
      bytes: await png(),
    });
    const theirs = await createUpload({
      workspaceId: other.workspace.id,
      userId: other.owner.id,
      fileName: "b.png",
      bytes: await png(),
    });
    const fileOf = (url: string) => {
      const [, ws, file] = /\/uploads\/([^/]+)\/([^/?]+)$/.exec(url)!;
      return path.join(dataDir, "uploads", ws!, file!);
    };
    expect(await exists(fileOf(mine.url))).toBe(true);
    await makeBroadcast(team.workspace.id, { name: "Sent one", status: "sent" });
    await db().contact.create({
      data: { workspaceId: team.workspace.id, email: "gone@example.com", emailKey: "gone@example.com", source: "api" },
    });
    await db().contact.create({
      data: {
        workspaceId: other.workspace.id,
        email: "stays@example.com",
        emailKey: "stays@example.com",
        source: "api",
      },
    });

    await signInAs(team.owner.id, team.workspace.id);
    const result = await deleteWorkspaceAction({ confirmName: ` ${team.workspace.name} ` });
    expect(result).toEqual({ ok: true, data: { deletedFiles: 1 } });
    expect(request.deleted).toEqual([WORKSPACE_COOKIE]);

    expect(await db().workspace.count({ where: { id: team.workspace.id } })).toBe(0);
    expect(await db().membership.count({ where: { workspaceId: team.workspace.id } })).toBe(0);
    expect(await db().contact.count({ where: { workspaceId: team.workspace.id } })).toBe(0);
    expect(await db().upload.count({ where: { workspaceId: team.workspace.id } })).toBe(0);
    expect(await exists(fileOf(mine.url))).toBe(false);
    // The people stay: only their membership of this workspace went.
    expect(await db().user.count({ where: { id: { in: [team.owner.id, team.others[0]!.id] } } })).toBe(2);

    expect(await db().workspace.count({ where: { id: other.workspace.id } })).toBe(1);
    expect(await db().contact.count({ where: { workspaceId: other.workspace.id } })).toBe(1);
    expect(await exists(fileOf(theirs.url))).toBe(true);
  });
});

describe("createFirstWorkspaceAction (the page for someone with no workspace left)", () => {
  it("creates a workspace owned by the signed-in person and opens it", async () => {
    const user = await makeUser("alone");
    await signInAs(user.id);
    const result = await createFirstWorkspaceAction({ name: "Fresh start" });
    expect(result.ok).toBe(true);
    const id = result.ok ? result.data.id : "";
    expect(request.set).toEqual([[WORKSPACE_COOKIE, id]]);
    const membership = await db().membership.findUniqueOrThrow({
      where: { workspaceId_userId: { workspaceId: id, userId: user.id } },
    });
    expect(membership.role).toBe("owner");
    expect(await createFirstWorkspaceAction({ name: "x".repeat(81) })).toMatchObject({ ok: false });
  });
});
