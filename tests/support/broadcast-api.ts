// Calls of the broadcasts API through the real route handlers, for the broadcasts-*.test.ts files.
import * as collection from "@/app/api/v1/broadcasts/route";
import * as item from "@/app/api/v1/broadcasts/[id]/route";
import * as duplicate from "@/app/api/v1/broadcasts/[id]/duplicate/route";
import * as schedule from "@/app/api/v1/broadcasts/[id]/schedule/route";
import * as send from "@/app/api/v1/broadcasts/[id]/send/route";
import * as cancel from "@/app/api/v1/broadcasts/[id]/cancel/route";
import * as test from "@/app/api/v1/broadcasts/[id]/test/route";
import * as abWinner from "@/app/api/v1/broadcasts/[id]/ab-winner/route";
import * as resendUnopened from "@/app/api/v1/broadcasts/[id]/resend-unopened/route";
import * as archive from "@/app/api/v1/broadcasts/[id]/archive/route";
import * as unarchive from "@/app/api/v1/broadcasts/[id]/unarchive/route";
import * as pause from "@/app/api/v1/broadcasts/[id]/pause/route";
import * as resume from "@/app/api/v1/broadcasts/[id]/resume/route";
import { db } from "@/server/db/client";
import type { BroadcastStatus } from "@/lib/schemas/broadcast-constants";
import { call } from "./fixtures";
import { sampleBlocks } from "./sending";

export const actions = {
  duplicate,
  schedule,
  send,
  cancel,
  test,
  "ab-winner": abWinner,
  "resend-unopened": resendUnopened,
  archive,
  unarchive,
  pause,
  resume,
};
export type Action = keyof typeof actions;
export { collection, item };

export const createBroadcast = (key: string, body: unknown) =>
  call(collection.POST, "POST", "/api/v1/broadcasts", { key, body });

export const listBroadcasts = (key: string, query = "") =>
  call(collection.GET, "GET", `/api/v1/broadcasts${query ? `?${query}` : ""}`, { key });

export const byId = (method: "GET" | "PATCH" | "DELETE", key: string, id: string, body?: unknown) =>
  call(item[method], method, `/api/v1/broadcasts/${id}`, { key, body, params: { id } });

export const act = (
  action: Action,
  key: string,
  id: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) =>
  call(actions[action].POST, "POST", `/api/v1/broadcasts/${id}/${action}`, {
    key,
    body: opts.body,
    headers: opts.headers,
    params: { id },
  });

/** A draft with everything a send needs (subject, sender, content), and the workspace's postal address set. */
export async function readyDraft(ws: { id: string; writeKey: string }, extra: Record<string, unknown> = {}) {
  await db().workspace.update({ where: { id: ws.id }, data: { postalAddress: "1 Test Street, Testville" } });
  const res = await createBroadcast(ws.writeKey, {
    name: "Ready",
    subject: "Hello {{firstName|there}}",
    fromName: "Sendwell Tests",
    fromEmail: "news@example.com",
    blocks: sampleBlocks,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`readyDraft: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; [k: string]: unknown };
}

/** Puts a broadcast in a status directly (for states the API reaches only through the engine, e.g. sent). */
export const forceStatus = (id: string, status: BroadcastStatus, data = {}) =>
  db().broadcast.update({ where: { id }, data: { status, ...data } });

export const pointers = (body: { errors?: { pointer: string }[] }) => (body.errors ?? []).map((e) => e.pointer);
