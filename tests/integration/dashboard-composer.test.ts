// The composer's server side, called as the browser calls it (real session cookie, real action wrapper, real
// database): autosave under the optimistic lock, and the live preview of unsaved content.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { hashPassword } from "@/server/services/users/password";
import { previewDraftAction, saveDraftAction } from "@/features/composer/actions/composer-actions";
import { splitDraftErrors } from "@/features/composer/model/draft-errors";
import { sessionCookie } from "../support/session-cookie";
import { makeBroadcast } from "../support/sending";

const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => jar.cookies }));

let workspaceId: string;
let signedIn: Map<string, string>;

async function userWithWorkspace(name: string) {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@composer.test`, passwordHash: await hashPassword("correct horse battery") },
    select: { id: true },
  });
  const workspace = await createWorkspace({ name, ownerId: user.id });
  const { cookie } = await sessionCookie(user.id);
  const [key, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  return { workspaceId: workspace.id, cookies: new Map([[key, value]]) };
}

beforeAll(async () => {
  const me = await userWithWorkspace("Composer");
  workspaceId = me.workspaceId;
  signedIn = me.cookies;
});

beforeEach(() => {
  jar.cookies = signedIn;
});

const text = (t: string) => ({ type: "text" as const, id: "t1", text: t, align: "left" as const });

describe("saveDraftAction", () => {
  it("saves under the version it was given and answers the new version", async () => {
    const b = await makeBroadcast(workspaceId, { status: "draft" });
    const first = await saveDraftAction({
      id: b.id,
      expectedUpdatedAt: b.updatedAt.toISOString(),
      draft: { subject: "One", blocks: [text("Hi")] },
    });
    if (!first.ok) throw new Error(first.error);
    expect(first.data.subject).toBe("One");
    expect(first.data.blocks).toEqual([text("Hi")]);
    const second = await saveDraftAction({
      id: b.id,
      expectedUpdatedAt: first.data.updatedAt,
      draft: { subject: "Two" },
    });
    expect(second.ok && second.data.subject).toBe("Two");
  });

  it("refuses a save based on an older version with a 409 conflict, changing nothing", async () => {
    const b = await makeBroadcast(workspaceId, { status: "draft", subject: "Original" });
    const base = b.updatedAt.toISOString();
    const elsewhere = await saveDraftAction({ id: b.id, expectedUpdatedAt: base, draft: { subject: "Theirs" } });
    expect(elsewhere.ok).toBe(true);
    const mine = await saveDraftAction({ id: b.id, expectedUpdatedAt: base, draft: { subject: "Mine" } });
    expect(mine).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(!mine.ok && mine.error).toMatch(/changed elsewhere/);
    const stored = await db().broadcast.findUniqueOrThrow({ where: { id: b.id } });
    expect(stored.subject).toBe("Theirs");
  });

  it("of two racing saves from the same version, exactly one wins", async () => {
    const b = await makeBroadcast(workspaceId, { status: "draft" });
    const base = b.updatedAt.toISOString();
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((s) => saveDraftAction({ id: b.id, expectedUpdatedAt: base, draft: { subject: s } })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === "CONFLICT")).toHaveLength(3);
  });

  it("points at the block field a bad value came from, and saves nothing", async () => {
    const b = await makeBroadcast(workspaceId, { status: "draft" });
    const result = await saveDraftAction({
      id: b.id,
      expectedUpdatedAt: b.updatedAt.toISOString(),
      draft: { blocks: [text("ok"), { type: "button", text: "Go", href: "javascript:alert(1)", align: "center" }] },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors?.map((e) => e.pointer)).toContain("#/draft/blocks/1/href");
  });

  it("refuses a link whose host a merge tag would choose, at the block the composer shows it on", async () => {
    const b = await makeBroadcast(workspaceId, { status: "draft" });
    const blocks = [
      text("see [the shop](https://{{website|shop.example}}/)"),
      {
        type: "button" as const,
        id: "b1",
        text: "Go",
        href: "https://{{website|shop.example}}/",
        align: "center" as const,
      },
    ];
    const result = await saveDraftAction({ id: b.id, expectedUpdatedAt: b.updatedAt.toISOString(), draft: { blocks } });
    if (result.ok) throw new Error("saved");
    const errors = splitDraftErrors(blocks, result.fieldErrors ?? []);
    expect(errors.byBlock).toEqual({
      t1: { "#/text": expect.stringMatching(/never its scheme or host/) },
      b1: { "#/href": expect.stringMatching(/^Merge tags may fill a link's path, query or fragment/) },
    });
    expect((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).blocks).toEqual(b.blocks);
  });

  it("refuses once sending started, and another workspace's broadcast is not found", async () => {
    const sending = await makeBroadcast(workspaceId, { status: "sending" });
    const late = await saveDraftAction({
      id: sending.id,
      expectedUpdatedAt: sending.updatedAt.toISOString(),
      draft: { subject: "x" },
    });
    expect(late).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(!late.ok && late.error).toMatch(/sending/);

    const them = await userWithWorkspace("Other");
    const theirs = await makeBroadcast(them.workspaceId, { status: "draft" });
    const foreign = await saveDraftAction({
      id: theirs.id,
      expectedUpdatedAt: theirs.updatedAt.toISOString(),
      draft: { subject: "x" },
    });
    expect(foreign).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("needs a session", async () => {
    jar.cookies = new Map();
    const result = await saveDraftAction({
      id: randomUUID(),
      expectedUpdatedAt: new Date().toISOString(),
      draft: { subject: "x" },
    });
    expect(result).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
  });
});

describe("previewDraftAction", () => {
  it("renders unsaved content with the sample contact and the workspace's footer", async () => {
    await db().workspace.update({ where: { id: workspaceId }, data: { postalAddress: "1 Composer Lane, Lisbon" } });
    const result = await previewDraftAction({
      subject: "Hello {{firstName|there}}",
      previewText: null,
      blocks: [{ type: "heading", text: "Hi {{firstName}}", level: 1, align: "left" }, text("**Bold** news")],
      theme: "dark",
      footerStyles: {},
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.data.subject).toBe("Hello Jane");
    expect(result.data.html).toContain("Hi Jane");
    expect(result.data.html).toContain("<strong");
    expect(result.data.html).toContain("1 Composer Lane, Lisbon");
    expect(result.data.text).toContain("Bold news");
  });

  it("refuses content the renderer would not accept, with pointers", async () => {
    const result = await previewDraftAction({
      subject: null,
      previewText: null,
      blocks: [{ type: "image", src: "file:///etc/passwd", alt: "", align: "center" }],
      theme: "default",
      footerStyles: {},
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors?.[0]?.pointer).toBe("#/blocks/0/src");
  });
});
