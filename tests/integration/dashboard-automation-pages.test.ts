// The automations list's, report's and contact page's server actions, called as the browser calls them: through
// dashboardAction (session, workspace membership, input parsing, typed errors) into the real services and database.
// Only the cookie reader is replaced (outside a Next.js request there is no cookies() to read).
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import {
  createAutomationAction,
  deleteAutomationAction,
  listAutomationsAction,
  pauseAutomationAction,
  resumeAutomationAction,
} from "@/app/(dashboard)/automations/actions";
import {
  enrolContactAction,
  getAutomationReportAction,
  listEnrolmentsAction,
  removeEnrolmentAction,
} from "@/app/(dashboard)/automations/report-actions";
import { listContactAutomationsAction } from "@/app/(dashboard)/contacts/[id]/automations-actions";
import { emailStep, makeAutomation } from "../support/automations";
import { seedContacts } from "../support/sending";
import { sessionCookie } from "../support/session-cookie";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("@/server/auth/request-cookies", () => ({ requestCookies: async () => request.cookies }));

type Result<T> = { ok: true; data: T } | { ok: false; error: string; code?: string };
function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Refused: ${result.error}`);
  return result.data;
}
function refusal<T>(result: Result<T>): { error: string; code?: string } {
  if (result.ok) throw new Error(`Accepted: ${JSON.stringify(result.data)}`);
  return { error: result.error, code: result.code };
}

let workspaceId: string;
let cookieHeader: string;
let automationId: string;
let tagId: string;
const ADA = "ada@pages.test";
const UMA = "uma@pages.test";

beforeAll(async () => {
  const user = await db().user.create({
    data: { email: `${randomUUID()}@pages.test`, passwordHash: "not-used-sessions-are-signed-directly" },
    select: { id: true },
  });
  workspaceId = (await createWorkspace({ name: "Automation pages", ownerId: user.id })).id;
  cookieHeader = (await sessionCookie(user.id)).cookie;
  await seedContacts(workspaceId, [{ email: ADA }, { email: UMA }]);
  await db().contact.updateMany({ where: { workspaceId, emailKey: UMA }, data: { status: "unsubscribed" } });
  tagId = (await db().tag.create({ data: { workspaceId, name: "VIP", nameKey: "vip", color: "#6366f1" } })).id;
  const automation = await makeAutomation(workspaceId, {
    name: "VIP welcome",
    trigger: { type: "tag_added", tagId },
    startStepId: "hello",
    steps: [
      emailStep("hello", "wait"),
      { id: "wait", type: "delay", delay: { mode: "duration", amount: 2, unit: "days" }, next: "end" },
      { id: "end", type: "exit" },
    ],
  });
  automationId = automation.id;
});

beforeEach(() => {
  const [name, value] = cookieHeader.split(/=(.*)/s) as [string, string];
  request.cookies = new Map([[name, value]]);
});

describe("the list", () => {
  it("names each trigger's tag, and filters by status and name", async () => {
    const list = ok(await listAutomationsAction({}));
    expect(list.page.data.map((a) => a.name)).toEqual(["VIP welcome"]);
    expect(list.names.tags).toEqual({ [tagId]: "VIP" });
    expect(ok(await listAutomationsAction({ status: "draft" })).page.data).toEqual([]);
    expect(ok(await listAutomationsAction({ search: "nothing" })).page.data).toEqual([]);
  });

  it("creates from a template or blank, and deletes a draft", async () => {
    const fromTemplate = ok(await createAutomationAction({ name: "From the template", template: "welcome_series" }));
    expect(fromTemplate.status).toBe("draft");
    expect(fromTemplate.steps.length).toBeGreaterThanOrEqual(4);
    const blank = ok(await createAutomationAction({ name: "Blank", trigger: { type: "subscribed", formId: null } }));
    expect(blank.steps).toEqual([]);
    for (const a of [fromTemplate, blank]) ok(await deleteAutomationAction({ id: a.id }));
    expect(ok(await listAutomationsAction({})).page.data.map((a) => a.name)).toEqual(["VIP welcome"]);
  });
});

describe("the report", () => {
  it("adds a contact by address, and says why in plain words when it cannot", async () => {
    const notSubscribed = refusal(await enrolContactAction({ id: automationId, email: UMA }));
    expect(notSubscribed.code).toBe("CONFLICT");
    expect(notSubscribed.error).toMatch(/^Not subscribed\. .*unsubscribed/);
    expect(notSubscribed.error).not.toContain("`");
    const unknown = refusal(await enrolContactAction({ id: automationId, email: "nobody@pages.test" }));
    expect(unknown.error).toBe("No contact has the address nobody@pages.test. Add them on the Contacts page first.");

    const run = ok(await enrolContactAction({ id: automationId, email: ADA.toUpperCase() }));
    expect(run).toMatchObject({ email: ADA, status: "active", stepId: "hello" });
    expect(refusal(await enrolContactAction({ id: automationId, email: ADA })).error).toMatch(/^Already in it\./);

    ok(await pauseAutomationAction({ id: automationId }));
    expect(refusal(await enrolContactAction({ id: automationId, email: ADA })).error).toMatch(/^Not active\./);
    ok(await resumeAutomationAction({ id: automationId }));
  });

  it("finds a contact's runs by their exact address, and nobody's for an address no contact has", async () => {
    const all = ok(await listEnrolmentsAction({ id: automationId }));
    expect(all.data.map((r) => r.email)).toEqual([ADA]);
    expect(ok(await listEnrolmentsAction({ id: automationId, email: " ADA@pages.test " })).data).toHaveLength(1);
    expect(ok(await listEnrolmentsAction({ id: automationId, email: UMA })).data).toEqual([]);
    expect(ok(await listEnrolmentsAction({ id: automationId, email: "nobody@pages.test" }))).toEqual({
      data: [],
      nextCursor: null,
    });
    expect(ok(await listEnrolmentsAction({ id: automationId, status: "completed" })).data).toEqual([]);
  });

  it("loads the automation, its analytics over the range and the names its steps print", async () => {
    const report = ok(await getAutomationReportAction({ id: automationId, days: 7 }));
    expect(report.automation.counts.inside).toBe(1);
    expect(report.analytics.entered).toBe(1);
    expect(report.analytics.steps.find((s) => s.stepId === "hello")?.entered).toBe(1);
    expect(report.names.tags[tagId]).toBe("VIP");
    expect(refusal(await getAutomationReportAction({ id: automationId, days: 12 as 7 })).error).toBeTruthy();
  });

  it("shows the run on the contact's page, and a removal there with its reason", async () => {
    const contact = await db().contact.findFirstOrThrow({ where: { workspaceId, emailKey: ADA } });
    const [run] = ok(await listContactAutomationsAction({ id: contact.id }));
    expect(run).toMatchObject({ automationName: "VIP welcome", status: "active", stepId: "hello" });
    expect(run!.history.map((h) => h.stepId)).toEqual(["hello"]);

    ok(await removeEnrolmentAction({ id: automationId, runId: run!.id }));
    const [after] = ok(await listContactAutomationsAction({ id: contact.id }));
    expect(after).toMatchObject({ status: "exited", exitReason: "removed" });
  });
});
