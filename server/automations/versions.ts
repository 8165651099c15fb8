// Published versions as the engine reads them: immutable once written, so each (automation, version) is loaded once
// per process and kept (a bounded map: a long-lived worker does not keep every version it ever ran).
import type { Query } from "@/server/db/pool";
import type { Step } from "@/lib/schemas/automations";

export type Version = {
  automationId: string;
  version: number;
  steps: Map<string, Step>;
  /** { stepId: hidden broadcast id } of the version's email steps. */
  emailBroadcasts: Record<string, string>;
};

const MAX_CACHED = 1000;
const cache = new Map<string, Version>();

export async function loadVersion(query: Query, automationId: string, version: number): Promise<Version> {
  const key = `${automationId}:${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { rows } = await query<{ steps: Step[]; emailBroadcasts: Record<string, string> }>(
    `SELECT steps, "emailBroadcasts" FROM "AutomationVersion" WHERE "automationId" = $1 AND version = $2`,
    [automationId, version],
  );
  const row = rows[0];
  if (!row) throw new Error(`Automation ${automationId} has no version ${version}.`);
  const v: Version = {
    automationId,
    version,
    steps: new Map((row.steps ?? []).map((s) => [s.id, s])),
    emailBroadcasts: row.emailBroadcasts ?? {},
  };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(key, v);
  return v;
}
