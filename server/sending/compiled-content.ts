// A broadcast's content as the sender uses it: compiled once per variant (React renders once per broadcast, never
// per recipient), with the ids of its recorded links. Links are recorded (BroadcastLink) before the first batch, so
// the click redirect only ever knows URLs that were in the email when it was sent.
import { formatFrom } from "@/lib/email-address";
import { db } from "@/server/db/client";
import { sql } from "@/server/db/pool";
import { compileEmail, type CompiledEmail } from "@/emails/compile";
import { broadcastContent, contentSelect, variantIds } from "@/server/broadcasts/content";
import { dkimKeyFor } from "@/server/deliverability/dkim-keys";
import type { DkimKey } from "@/server/email/transport";

/** The content keys a broadcast is sent with: each variant's id, or "" without an A/B test. */
function contentKeys(b: { variants: unknown }): string[] {
  const ids = variantIds(b.variants);
  return ids.length ? ids : [""];
}

/** Records every link of every variant (idempotent: a retried fan-out records nothing twice). */
export async function recordLinks(broadcastId: string): Promise<void> {
  const b = await db().broadcast.findUniqueOrThrow({ where: { id: broadcastId }, select: contentSelect });
  const rows: { variantId: string; position: number; url: string }[] = [];
  for (const key of contentKeys(b)) {
    const compiled = await compileEmail(broadcastContent(b, key));
    compiled.links.forEach((url, position) => rows.push({ variantId: key, position, url }));
  }
  if (rows.length === 0) return;
  await sql(
    `INSERT INTO "BroadcastLink" ("broadcastId", "variantId", position, url)
     SELECT $1, x."variantId", x.position, x.url
       FROM jsonb_to_recordset($2::jsonb) AS x("variantId" text, position int, url text)
     ON CONFLICT ("broadcastId", "variantId", position) DO NOTHING`,
    [broadcastId, JSON.stringify(rows)],
  );
}

export type SendingContent = {
  workspaceId: string;
  from: string;
  replyTo: string | null;
  /** The From domain's DKIM key while it is a verified sending domain: looked up with the content, so once per
   * broadcast for up to CACHE_MS (a domain deleted or failing stops signing within that time). */
  dkim: DkimKey | null;
  byVariant: Map<string, { compiled: CompiledEmail; linkIds: bigint[] }>;
};

// A sending broadcast cannot be edited, so its compiled content stays valid while it sends; entries are dropped
// after a while so a long-lived worker does not keep every broadcast it ever sent.
const cache = new Map<string, { at: number; content: Promise<SendingContent> }>();
const CACHE_MS = 10 * 60_000;

export function sendingContent(broadcastId: string): Promise<SendingContent> {
  const now = Date.now();
  for (const [id, entry] of cache) if (now - entry.at > CACHE_MS) cache.delete(id);
  let entry = cache.get(broadcastId);
  if (!entry) {
    entry = { at: now, content: loadSendingContent(broadcastId) };
    entry.content.catch(() => cache.delete(broadcastId));
    cache.set(broadcastId, entry);
  }
  return entry.content;
}

async function loadSendingContent(broadcastId: string): Promise<SendingContent> {
  const b = await db().broadcast.findUniqueOrThrow({
    where: { id: broadcastId },
    select: { ...contentSelect, workspaceId: true, fromName: true, fromEmail: true, replyTo: true },
  });
  const links = await db().broadcastLink.findMany({
    where: { broadcastId },
    select: { id: true, variantId: true, position: true },
  });
  const byVariant = new Map<string, { compiled: CompiledEmail; linkIds: bigint[] }>();
  for (const key of contentKeys(b)) {
    const compiled = await compileEmail(broadcastContent(b, key));
    const ids = new Map(links.filter((l) => l.variantId === key).map((l) => [l.position, l.id]));
    const linkIds = compiled.links.map((_, position) => {
      const id = ids.get(position);
      if (id === undefined) throw new Error(`Broadcast ${broadcastId}: link ${position} of "${key}" was not recorded.`);
      return id;
    });
    byVariant.set(key, { compiled, linkIds });
  }
  return {
    workspaceId: b.workspaceId,
    from: formatFrom(b.fromName, b.fromEmail ?? ""),
    replyTo: b.replyTo,
    dkim: b.fromEmail ? await dkimKeyFor(b.workspaceId, b.fromEmail) : null,
    byVariant,
  };
}
