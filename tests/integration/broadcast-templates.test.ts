// Broadcast templates against the real database, as the start page and the save dialog use them: the actions' own
// parse (parseActionInput with the schemas template-actions.ts wraps), then the services.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ZRenameTemplate, ZSaveTemplate, ZTemplateSource, type SaveTemplate } from "@/lib/schemas/templates";
import { builtInTemplate, withAssetOrigin } from "@/lib/templates/built-in";
import { parseActionInput } from "@/server/auth/dashboard-action";
import { appUrl } from "@/server/config";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { createTemplate } from "@/server/services/broadcast-templates/create-template";
import { listTemplates } from "@/server/services/broadcast-templates/list-templates";
import { getTemplate } from "@/server/services/broadcast-templates/get-template";
import { renameTemplate } from "@/server/services/broadcast-templates/rename-template";
import { deleteTemplate } from "@/server/services/broadcast-templates/delete-template";
import { createBroadcastFromTemplate } from "@/server/services/broadcast-templates/create-broadcast-from-template";
import { renderTemplatePreview } from "@/server/services/broadcast-templates/render-template-preview";
import { getBroadcast } from "@/server/services/broadcasts/get-broadcast";
import { updateSendingSettings } from "@/server/services/workspaces/update-sending-settings";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import * as previewRoute from "@/app/api/dashboard/template-previews/[kind]/[id]/route";
import { makeWorkspace } from "../support/fixtures";
import { sessionCookie } from "../support/session-cookie";

let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  workspaceId = (await makeWorkspace("Acme Garden")).id;
  otherWorkspaceId = (await makeWorkspace()).id;
  await updateSendingSettings({
    workspaceId,
    input: {
      postalAddress: "1 Main Street, Springfield",
      defaultTimezone: "Asia/Tokyo",
      sendRatePerSecond: null,
      defaultFromName: "Acme Garden",
      defaultFromEmail: "news@acme.example",
    },
  });
});

/** Parse as saveTemplateAction does; the field errors when refused. */
function parseSave(raw: unknown) {
  return parseActionInput(ZSaveTemplate, raw);
}

async function save(workspace: string, raw: Record<string, unknown>) {
  const parsed = parseSave({ theme: "default", footerStyles: {}, blocks: [], ...raw });
  if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
  return createTemplate({ workspaceId: workspace, userId: null, input: parsed.data });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

const spring: SaveTemplate["blocks"] = [
  { type: "heading", id: "h1", text: "Spring is here", level: 2, align: "center" },
  {
    type: "columns",
    id: "cols",
    columns: [
      { blocks: [{ type: "text", id: "left", text: "Seeds", align: "left" }] },
      { blocks: [{ type: "button", id: "buy", text: "Buy", href: "https://shop.example/seeds", align: "center" }] },
    ],
  },
];

describe("saved templates", () => {
  it("saves a draft's design without the composer's block ids, lists newest first, renames and deletes", async () => {
    const first = await save(workspaceId, {
      name: "  Spring  ",
      subject: "Spring sale",
      previewText: "",
      blocks: spring,
      theme: "dark",
      footerStyles: { textColor: "#ABCDEF", text: "Thanks for gardening with us." },
    });
    expect(first).toMatchObject({
      name: "Spring",
      subject: "Spring sale",
      previewText: null,
      theme: "dark",
      footerStyles: { textColor: "#abcdef", text: "Thanks for gardening with us." },
    });
    expect(JSON.stringify(first.blocks)).not.toContain('"id"');
    expect(first.blocks[1]).toEqual({
      type: "columns",
      columns: [
        { blocks: [{ type: "text", text: "Seeds", align: "left" }] },
        { blocks: [{ type: "button", text: "Buy", href: "https://shop.example/seeds", align: "center" }] },
      ],
    });

    const second = await save(workspaceId, { name: "Autumn", blocks: [{ type: "divider" }] });
    // Two saves can share a millisecond; the order under test is by creation time, so make the times differ.
    await db().broadcastTemplate.update({
      where: { id: first.id },
      data: { createdAt: new Date(Date.parse(first.createdAt) - 60_000), updatedAt: new Date(first.updatedAt) },
    });
    const listed = await listTemplates({ workspaceId });
    expect(listed.map((t) => t.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(await getTemplate({ workspaceId, templateId: first.id })).toMatchObject({
      ...first,
      createdAt: expect.any(String),
    });

    const rename = parseActionInput(ZRenameTemplate, { id: first.id.toUpperCase(), name: " Spring sale " });
    if (!rename.ok) throw new Error("rename refused");
    const renamed = await renameTemplate({ workspaceId, templateId: rename.data.id, name: rename.data.name });
    expect(renamed).toMatchObject({ id: first.id, name: "Spring sale", blocks: first.blocks });

    await deleteTemplate({ workspaceId, templateId: first.id });
    expect((await refusal(getTemplate({ workspaceId, templateId: first.id }))).code).toBe("NOT_FOUND");
    expect((await refusal(deleteTemplate({ workspaceId, templateId: first.id }))).code).toBe("NOT_FOUND");
    expect((await listTemplates({ workspaceId })).map((t) => t.id)).not.toContain(first.id);
  });

  it("are invisible to another workspace: not listed, not found, not renamed, not deleted, not used", async () => {
    const mine = await save(workspaceId, { name: "Private design", blocks: spring });
    const other = { workspaceId: otherWorkspaceId, templateId: mine.id };
    expect((await listTemplates({ workspaceId: otherWorkspaceId })).map((t) => t.id)).not.toContain(mine.id);
    expect((await refusal(getTemplate(other))).code).toBe("NOT_FOUND");
    expect((await refusal(renameTemplate({ ...other, name: "Stolen" }))).code).toBe("NOT_FOUND");
    expect((await refusal(deleteTemplate(other))).code).toBe("NOT_FOUND");
    const use = createBroadcastFromTemplate({
      workspaceId: otherWorkspaceId,
      source: { kind: "saved", templateId: mine.id },
    });
    expect((await refusal(use)).code).toBe("NOT_FOUND");
    expect(
      (
        await refusal(
          renderTemplatePreview({ workspaceId: otherWorkspaceId, source: { kind: "saved", templateId: mine.id } }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    // Still there, unchanged, for its own workspace.
    expect(await getTemplate({ workspaceId, templateId: mine.id })).toEqual(mine);
  });

  it("refuses invalid content with a pointer to each bad field, and stores nothing", async () => {
    const before = await db().broadcastTemplate.count({ where: { workspaceId } });
    const parsed = parseSave({
      name: "",
      subject: "x".repeat(501),
      theme: "neon",
      footerStyles: { fontSize: 40 },
      blocks: [
        { type: "button", text: "Go", href: "javascript:alert(1)" },
        {
          type: "columns",
          columns: [{ blocks: [{ type: "image", src: "ftp://example.com/a.png" }] }, { blocks: [] }],
        },
        { type: "marquee" },
      ],
    });
    expect(parsed.ok).toBe(false);
    const pointers = parsed.ok ? [] : parsed.fieldErrors.map((e) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "#/name",
        "#/subject",
        "#/theme",
        "#/footerStyles/fontSize",
        "#/blocks/0/href",
        "#/blocks/1/columns/0/blocks/0/src",
        "#/blocks/2/type",
      ]),
    );
    const tooLong = parseSave({ name: "n".repeat(101), theme: "default", footerStyles: {}, blocks: [] });
    expect(tooLong.ok ? [] : tooLong.fieldErrors).toEqual([{ pointer: "#/name", detail: "At most 100 characters." }]);
    const unknownKey = parseSave({ name: "x", theme: "default", footerStyles: {}, blocks: [], fromEmail: "a@b.co" });
    expect(unknownKey.ok).toBe(false);
    expect(await db().broadcastTemplate.count({ where: { workspaceId } })).toBe(before);
  });
});

describe("a broadcast from a template", () => {
  // 16:00 UTC is already the 24th in Tokyo, the workspace's zone.
  const now = new Date("2026-11-23T16:00:00Z");
  const use = (source: unknown) => {
    const parsed = parseActionInput(z.object({ source: ZTemplateSource }), { source });
    if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
    return createBroadcastFromTemplate({ workspaceId, source: parsed.data.source, now });
  };

  it("starts blank with the default sender and a dated name", async () => {
    const broadcast = await use({ kind: "blank" });
    expect(broadcast).toMatchObject({
      status: "draft",
      name: "Untitled – 24 Nov 2026",
      fromName: "Acme Garden",
      fromEmail: "news@acme.example",
      subject: null,
      blocks: [],
      theme: "default",
      audienceType: "all",
    });
  });

  it.each(["newsletter", "announcement", "welcome"] as const)("copies the built-in %s", async (id) => {
    const template = builtInTemplate(id);
    const broadcast = await use({ kind: "builtIn", id });
    expect(broadcast).toMatchObject({
      status: "draft",
      name: `${template.name} – 24 Nov 2026`,
      subject: template.subject,
      previewText: template.previewText,
      fromName: "Acme Garden",
      fromEmail: "news@acme.example",
      theme: template.theme,
      footerStyles: template.footerStyles,
    });
    // The design's pictures now come from this app (public/templates/).
    expect(broadcast.blocks).toEqual(withAssetOrigin(template.blocks, appUrl()));
    // Stored, not only answered: the composer reads it back as made.
    expect((await getBroadcast({ workspaceId, broadcastId: broadcast.id })).blocks).toEqual(broadcast.blocks);
  });

  it("copies a saved template, which later edits of the template do not reach", async () => {
    const saved = await save(workspaceId, {
      name: "Garden club",
      subject: "Hello {{firstName|gardener}}",
      previewText: "Club news",
      blocks: spring,
      theme: "minimal",
      footerStyles: { align: "left" },
    });
    const broadcast = await use({ kind: "saved", templateId: saved.id });
    expect(broadcast).toMatchObject({
      name: "Garden club – 24 Nov 2026",
      subject: "Hello {{firstName|gardener}}",
      previewText: "Club news",
      theme: "minimal",
      footerStyles: { align: "left" },
      blocks: saved.blocks,
      fromEmail: "news@acme.example",
    });
    await deleteTemplate({ workspaceId, templateId: saved.id });
    expect((await getBroadcast({ workspaceId, broadcastId: broadcast.id })).blocks).toEqual(saved.blocks);
  });

  it("refuses an unknown source, and a stored template the block rules no longer accept, with pointers", async () => {
    expect(parseActionInput(z.object({ source: ZTemplateSource }), { source: { kind: "builtIn", id: "x" } }).ok).toBe(
      false,
    );
    const missing = await refusal(use({ kind: "saved", templateId: "00000000-0000-4000-8000-000000000000" }));
    expect(missing.code).toBe("NOT_FOUND");
    // A row written before a rule tightened (or by hand): used, it must not become a broadcast the sender rejects.
    const stale = await db().broadcastTemplate.create({
      data: { workspaceId, name: "Old", blocks: [{ type: "button", text: "Go", href: "javascript:void(0)" }] },
      select: { id: true },
    });
    const before = await db().broadcast.count({ where: { workspaceId } });
    const refused = await refusal(use({ kind: "saved", templateId: stale.id }));
    expect(refused.code).toBe("VALIDATION");
    expect(refused.errors?.map((e) => e.pointer)).toEqual(["#/blocks/0/href"]);
    expect(await db().broadcast.count({ where: { workspaceId } })).toBe(before);
  });

  it("renders thumbnails with the workspace's footer", async () => {
    const html = await renderTemplatePreview({ workspaceId, source: { kind: "builtIn", id: "newsletter" } });
    expect(html).toContain("What&#x27;s new this month");
    expect(html).toContain("1 Main Street, Springfield");
    // The built-in pictures are served by the app itself (public/templates/).
    expect(html).toContain(`${appUrl()}/templates/newsletter-header.png`);
  });
});

describe("GET /api/dashboard/template-previews/{kind}/{id}", () => {
  type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  let cookie: string;
  let ownWorkspaceId: string;

  beforeAll(async () => {
    const user = await db().user.create({
      data: { email: `thumbs-${Date.now()}@test.dev`, passwordHash: "x" },
      select: { id: true },
    });
    ownWorkspaceId = (await createWorkspace({ name: "Thumbnails", ownerId: user.id })).id;
    cookie = (await sessionCookie(user.id)).cookie;
  });

  const get = (kind: string, id: string, withCookie = true) =>
    (previewRoute.GET as Handler)(
      new Request(`http://sendwell.test/api/dashboard/template-previews/${kind}/${id}`, {
        headers: withCookie ? { cookie } : {},
      }),
      { params: Promise.resolve({ kind, id }) },
    );

  it("answers the email's HTML, sandboxed by its own CSP, for a built-in and the workspace's saved template", async () => {
    const builtIn = await get("builtIn", "welcome");
    expect(builtIn.status).toBe(200);
    expect(builtIn.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(builtIn.headers.get("content-security-policy")).toMatch(
      /^sandbox; frame-ancestors 'self'; default-src 'none'/,
    );
    expect(await builtIn.text()).toContain("Welcome, Jane!");

    const saved = await save(ownWorkspaceId, { name: "Mine", blocks: [{ type: "heading", text: "Only ours" }] });
    const response = await get("saved", saved.id);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Only ours");
  });

  it("is 401 without a session, 404 for another workspace's template, an unknown design or a malformed id", async () => {
    expect((await get("builtIn", "welcome", false)).status).toBe(401);
    const theirs = await save(otherWorkspaceId, { name: "Theirs", blocks: [{ type: "divider" }] });
    for (const [kind, id] of [
      ["saved", theirs.id],
      ["builtIn", "brochure"],
      ["saved", "not-a-uuid"],
      ["blank", "x"],
    ] as const) {
      const response = await get(kind, id);
      expect(response.status, `${kind}/${id}`).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
    }
  });
});
