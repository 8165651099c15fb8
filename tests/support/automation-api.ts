// Requests to the automations API through its real route handlers, and the definitions the automations-api tests
// build on.
import { db } from "@/server/db/client";
import * as collectionRoute from "@/app/api/v1/automations/route";
import * as itemRoute from "@/app/api/v1/automations/[id]/route";
import * as activateRoute from "@/app/api/v1/automations/[id]/activate/route";
import * as pauseRoute from "@/app/api/v1/automations/[id]/pause/route";
import * as archiveRoute from "@/app/api/v1/automations/[id]/archive/route";
import * as duplicateRoute from "@/app/api/v1/automations/[id]/duplicate/route";
import * as enrolmentsRoute from "@/app/api/v1/automations/[id]/enrolments/route";
import * as enrolmentRoute from "@/app/api/v1/automations/[id]/enrolments/[runId]/route";
import * as analyticsRoute from "@/app/api/v1/automations/[id]/analytics/route";
import type { Step } from "@/lib/schemas/automations";
import { call, type CallOptions } from "./fixtures";

export const routes = {
  collection: collectionRoute,
  item: itemRoute,
  activate: activateRoute,
  pause: pauseRoute,
  archive: archiveRoute,
  duplicate: duplicateRoute,
  enrolments: enrolmentsRoute,
  enrolment: enrolmentRoute,
  analytics: analyticsRoute,
};

const BASE = "/api/v1/automations";

export const listAutomations = (key: string, qs = "") =>
  call(routes.collection.GET, "GET", `${BASE}${qs ? `?${qs}` : ""}`, { key });
export const createAutomation = (key: string, body: unknown, opts: CallOptions = {}) =>
  call(routes.collection.POST, "POST", BASE, { key, body, ...opts });
export const automation = (method: "GET" | "PATCH" | "DELETE", key: string, id: string, body?: unknown) =>
  call(routes.item[method], method, `${BASE}/${id}`, { key, body, params: { id } });

export type Move = "activate" | "pause" | "archive" | "duplicate";
export const move = (action: Move, key: string, id: string) =>
  call(routes[action].POST, "POST", `${BASE}/${id}/${action}`, { key, params: { id } });

export const listEnrolments = (key: string, id: string, qs = "") =>
  call(routes.enrolments.GET, "GET", `${BASE}/${id}/enrolments${qs ? `?${qs}` : ""}`, { key, params: { id } });
export const enrol = (key: string, id: string, body: unknown, headers?: Record<string, string>) =>
  call(routes.enrolments.POST, "POST", `${BASE}/${id}/enrolments`, { key, body, headers, params: { id } });
export const getEnrolment = (key: string, id: string, runId: string) =>
  call(routes.enrolment.GET, "GET", `${BASE}/${id}/enrolments/${runId}`, { key, params: { id, runId } });
export const removeEnrolment = (key: string, id: string, runId: string) =>
  call(routes.enrolment.DELETE, "DELETE", `${BASE}/${id}/enrolments/${runId}`, { key, params: { id, runId } });
export const analytics = (key: string, id: string, qs = "") =>
  call(routes.analytics.GET, "GET", `${BASE}/${id}/analytics${qs ? `?${qs}` : ""}`, { key, params: { id } });

/** The pointers of a 422's errors, sorted. */
export const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer).sort();

export const emailStep = (id: string, next: string | null, subject: string | null = `Email ${id}`): Step => ({
  id,
  type: "email",
  email: {
    subject,
    blocks: [
      { type: "text", text: "Hello {{firstName|there}}", align: "left" },
      { type: "button", text: "Open", href: "https://example.com/open", align: "center" },
    ],
  },
  next,
});
export const exitStep = (id: string): Step => ({ id, type: "exit" });

/** A finished two-step flow: one email, then the end. */
export const simpleFlow = { startStepId: "hello", steps: [emailStep("hello", "end"), exitStep("end")] };

/** What activation needs from the workspace: a default sender and a postal address. */
export async function readyToSend(workspaceId: string) {
  await db().workspace.update({
    where: { id: workspaceId },
    data: {
      postalAddress: "1 Main Street, Springfield",
      defaultFromEmail: "news@example.com",
      defaultFromName: "News",
    },
  });
}
