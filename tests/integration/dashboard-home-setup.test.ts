// The home's setup checklist: each step ticked from what the workspace holds (sender and postal address, a contact,
// a form not deleted, a broadcast that went out), every step linking to where it is done for a role that can do it,
// no link where the role cannot, nothing at all for a viewer, and no checklist once everything is done.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createContact } from "@/server/services/contacts/create-contact";
import { createForm } from "@/server/services/forms/create-form";
import { deleteForm } from "@/server/services/forms/delete-form";
import { getSetupProgress } from "@/server/services/dashboard-home/get-setup-progress";
import { SetupChecklist } from "@/components/dashboard-home/setup-checklist";
import type { Role } from "@/lib/permissions";
import type { SetupProgress } from "@/lib/setup-steps";
import { makeWorkspace } from "../support/fixtures";
import { makeBroadcast } from "../support/sending";

const render = (progress: SetupProgress, role: Role) =>
  renderToStaticMarkup(createElement(SetupChecklist, { progress, role }));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe("setup progress", () => {
  it("ticks each step from the database, one at a time", async () => {
    const ws = await makeWorkspace();
    const none = { sender: false, contacts: false, form: false, broadcast: false };
    expect(await getSetupProgress({ workspaceId: ws.id })).toEqual(none);

    // A sender alone is not enough: the postal address goes in every footer.
    await db().workspace.update({ where: { id: ws.id }, data: { defaultFromEmail: "news@example.com" } });
    expect(await getSetupProgress({ workspaceId: ws.id })).toEqual(none);
    await db().workspace.update({ where: { id: ws.id }, data: { postalAddress: "1 Main St, Springfield" } });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ sender: true, contacts: false });

    await createContact({ workspaceId: ws.id, input: { email: "first@example.com" } });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ contacts: true, form: false });

    // A deleted form does not count.
    const form = await createForm({ workspaceId: ws.id, input: { name: "Signup" } });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ form: true });
    await deleteForm({ workspaceId: ws.id, formId: form.id });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ form: false });
    await createForm({ workspaceId: ws.id, input: { name: "Signup 2" } });

    // A draft is not a broadcast sent.
    await makeBroadcast(ws.id, { status: "draft" });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ broadcast: false });
    await makeBroadcast(ws.id, { status: "sent", sentAt: new Date() });
    expect(await getSetupProgress({ workspaceId: ws.id })).toEqual({
      sender: true,
      contacts: true,
      form: true,
      broadcast: true,
    });
  });

  it("reads only its own workspace", async () => {
    const [ws, other] = await Promise.all([makeWorkspace(), makeWorkspace()]);
    await createContact({ workspaceId: other.id, input: { email: "elsewhere@example.com" } });
    await createForm({ workspaceId: other.id, input: { name: "Theirs" } });
    expect(await getSetupProgress({ workspaceId: ws.id })).toMatchObject({ contacts: false, form: false });
  });
});

describe("setup checklist", () => {
  const half = { sender: true, contacts: false, form: true, broadcast: false };

  it("links each open step for a role that can do it, and ticks the done ones", () => {
    const html = render(half, "owner");
    expect(html).toContain("2 of 4 done");
    expect(hrefs(html)).toEqual(["/contacts/import", "/broadcasts/new"]);
    expect(html).toMatch(/data-testid="setup-step-sender" data-done="true"/);
    expect(html).toMatch(/data-testid="setup-step-contacts" data-done="false"/);
  });

  it("shows an author the steps it cannot do without a link, saying who does them", () => {
    const html = render({ sender: false, contacts: false, form: false, broadcast: false }, "author");
    expect(hrefs(html)).toEqual(["/forms/new"]);
    expect(html).toContain("Owners and admins do this.");
    expect(html).toContain("Owners, admins and members do this.");
  });

  it("shows a viewer nothing, and nobody anything once every step is done", () => {
    expect(render(half, "viewer")).toBe("");
    expect(render({ sender: true, contacts: true, form: true, broadcast: true }, "owner")).toBe("");
  });
});
