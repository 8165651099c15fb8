// The automation use cases the dashboard calls (server/services/automations/), straight: the life of a welcome
// series from its template (create, checklist, activate publishing hidden broadcasts, enrol, list, analytics,
// contact view, edit-while-active publishing a new version that reuses unchanged emails, archive).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { createAutomation } from "@/server/services/automations/create-automation";
import { getAutomation } from "@/server/services/automations/get-automation";
import { listAutomations } from "@/server/services/automations/list-automations";
import { updateAutomation } from "@/server/services/automations/update-automation";
import { activateAutomation } from "@/server/services/automations/activate-automation";
import { pauseAutomation } from "@/server/services/automations/pause-automation";
import { archiveAutomation } from "@/server/services/automations/archive-automation";
import { duplicateAutomation } from "@/server/services/automations/duplicate-automation";
import { deleteAutomation } from "@/server/services/automations/delete-automation";
import { automationChecklist } from "@/server/services/automations/checklist";
import { enrolContact, listEnrolments, removeEnrolment } from "@/server/services/automations/enrolments";
import { getAutomationAnalytics } from "@/server/services/automations/get-automation-analytics";
import { listContactAutomations } from "@/server/services/automations/list-contact-automations";
import type { Step } from "@/lib/schemas/automations";
import { deleteWorkspace } from "@/server/services/workspaces/delete-workspace";
import { makeWorkspace } from "../support/fixtures";
import { makeTeam } from "./team-fixtures";
import { seedContacts } from "../support/sending";

type Ws = Awaited<ReturnType<typeof makeWorkspace>>;
let ws: Ws;

beforeAll(async () => {
  ws = await makeWorkspace();
  await seedContacts(ws.id, [{ email: "ada@example.com" }, { email: "gone@example.com", status: "unsubscribed" }]);
});

const contactId = async (email: string) =>
  (await db().contact.findFirstOrThrow({ where: { workspaceId: ws.id, email } })).id;

describe("a welcome series through the use cases", () => {
  it("goes from template to archive", async () => {
    const a = await createAutomation(ws.id, { name: "Welcome", template: "welcome_series" });
    expect(a).toMatchObject({ status: "draft", version: 0, startStepId: "welcome", trigger: { type: "subscribed" } });
    expect(a.counts).toEqual({ inside: 0, entered: 0, completed: 0, exited: 0, converted: 0 });

    // Without a sender or a postal address, the checklist names both, and activation refuses with the same list.
    const { problems } = await automationChecklist(ws.id, a.id);
    expect(problems.map((p) => p.code).sort()).toEqual(["missing_postal_address", "missing_sender"]);
    await expect(activateAutomation(ws.id, a.id)).rejects.toMatchObject({ code: "VALIDATION" });

    await db().workspace.update({
      where: { id: ws.id },
      data: { postalAddress: "1 Main St", defaultFromEmail: "hi@example.com", defaultFromName: "Hi" },
    });
    const active = await activateAutomation(ws.id, a.id);
    expect(active).toMatchObject({ status: "active", version: 1 });
    const hidden = await db().broadcast.findMany({
      where: { automationId: a.id },
      select: { id: true, automationStepId: true, status: true, fromEmail: true, links: { select: { url: true } } },
      orderBy: { automationStepId: "asc" },
    });
    expect(hidden.map((b) => [b.automationStepId, b.status, b.fromEmail])).toEqual([
      ["nudge", "sending", "hi@example.com"],
      ["welcome", "sending", "hi@example.com"],
    ]);
    expect(hidden.every((b) => b.links.some((l) => l.url === "https://example.com/start"))).toBe(true);

    const run = await enrolContact(ws.id, a.id, { email: "ada@example.com" });
    expect(run).toMatchObject({ status: "active", stepId: "welcome", email: "ada@example.com", version: 1 });
    await expect(enrolContact(ws.id, a.id, { email: "ada@example.com" })).rejects.toMatchObject({
      reason: "already_enrolled",
    });
    await expect(enrolContact(ws.id, a.id, { email: "gone@example.com" })).rejects.toMatchObject({
      reason: "contact_not_subscribed",
    });
    expect((await listEnrolments(ws.id, a.id, { limit: 20 })).data.map((e) => e.id)).toEqual([run.id]);
    expect((await getAutomation(ws.id, a.id)).counts).toMatchObject({ inside: 1, entered: 1 });
    const analytics = await getAutomationAnalytics(ws.id, a.id, {});
    expect(analytics.entered).toBe(1);
    expect(analytics.steps.find((s) => s.stepId === "welcome")).toMatchObject({ entered: 1, waiting: 1 });
    const [mine] = await listContactAutomations(ws.id, await contactId("ada@example.com"));
    expect(mine).toMatchObject({ automationName: "Welcome", stepId: "welcome", stepName: "Welcome email" });
    expect(mine!.history).toEqual([expect.objectContaining({ stepId: "welcome", leftAt: null })]);

    // Editing the second email while active publishes version 2: the welcome email keeps its broadcast.
    const steps = active.steps.map((s): Step =>
      s.id === "nudge" && s.type === "email" ? { ...s, email: { ...s.email, subject: "Changed" } } : s,
    );
    const v2 = await updateAutomation(ws.id, a.id, { steps });
    expect(v2.version).toBe(2);
    const [version] = await sql<{ emailBroadcasts: Record<string, string> }>(
      `SELECT "emailBroadcasts" FROM "AutomationVersion" WHERE "automationId" = $1 AND version = 2`,
      [a.id],
    );
    const byStep = Object.fromEntries(hidden.map((b) => [b.automationStepId, b.id]));
    expect(version!.emailBroadcasts.welcome).toBe(byStep.welcome);
    expect(version!.emailBroadcasts.nudge).not.toBe(byStep.nudge);

    await pauseAutomation(ws.id, a.id);
    await expect(enrolContact(ws.id, a.id, { email: "ada@example.com" })).rejects.toMatchObject({
      reason: "not_active",
    });
    await activateAutomation(ws.id, a.id);
    expect((await removeEnrolment(ws.id, a.id, run.id)).exitReason).toBe("removed");

    const copy = await duplicateAutomation(ws.id, a.id);
    expect(copy).toMatchObject({ name: "Welcome (copy)", status: "draft", version: 0 });
    await deleteAutomation(ws.id, copy.id);
    await expect(deleteAutomation(ws.id, a.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await archiveAutomation(ws.id, a.id)).status).toBe("archived");
    expect((await listAutomations(ws.id, { page: 1, limit: 20 })).data.map((x) => x.id)).toEqual([a.id]);
  });
});

describe("a workspace with an active automation", () => {
  it("can still be deleted: its step broadcasts stay `sending` for the automation's life and never block it", async () => {
    const team = await makeTeam();
    const workspaceId = team.workspace.id;
    await db().workspace.update({
      where: { id: workspaceId },
      data: { postalAddress: "1 Main St", defaultFromEmail: "hi@example.com" },
    });
    const a = await createAutomation(workspaceId, { name: "Welcome", template: "welcome_series" });
    await activateAutomation(workspaceId, a.id);
    expect(await db().broadcast.count({ where: { workspaceId, status: "sending" } })).toBe(2);
    await deleteWorkspace({ workspaceId, actorId: team.owner.id, confirmName: team.workspace.name });
    expect(await db().workspace.count({ where: { id: workspaceId } })).toBe(0);
  });
});
