// Publishing (activation, and every edit of an active or paused automation): one transaction writes the next
// AutomationVersion (a snapshot of the definition and, per email step, the hidden broadcast it sends through) and
// moves Automation.publishedVersion to it. An email step whose content and sender did not change keeps the previous
// version's broadcast (its recipients, opens and clicks stay together); any other gets a new hidden broadcast:
// `sending` from the start and never completed (fanoutDoneAt stays null), never listed with the broadcasts, its
// links recorded in the same transaction, so the engine never sends a step whose links the click redirect does not
// know. Nothing is half-applied: a failure rolls all of it back.
import { compileEmail } from "@/emails/compile";
import type { Query } from "@/server/db/pool";
import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";
import type { EmailStep, Step } from "@/lib/schemas/automations";
import type { AutomationRow } from "./automation-record";

type Sender = { fromName: string | null; fromEmail: string | null; replyTo: string | null };

/** What a hidden broadcast is made of: compared with the previous version's to decide whether to reuse it. */
type StepContent = {
  subject: string | null;
  previewText: string | null;
  blocks: unknown;
  theme: string;
  footerStyles: unknown;
} & Sender;

/** The links of each email step's content, compiled before the transaction (rendering is the slow part). */
export type CompiledLinks = Map<string, string[]>;

const contentOf = (step: EmailStep, sender: Sender): StepContent => ({
  subject: step.email.subject ?? null,
  previewText: step.email.previewText ?? null,
  blocks: step.email.blocks,
  theme: step.email.theme ?? "default",
  footerStyles: step.email.footerStyles ?? {},
  ...sender,
});

const emailSteps = (steps: Step[]) => steps.filter((s): s is EmailStep => s.type === "email");

/** Compiles every email step once with the workspace's footer, as the sender will, and keeps its links in order. */
export async function compileLinks(
  steps: Step[],
  workspace: { name: string; postalAddress: string | null },
): Promise<CompiledLinks> {
  const links: CompiledLinks = new Map();
  for (const step of emailSteps(steps)) {
    const compiled = await compileEmail({
      subject: step.email.subject ?? "",
      previewText: step.email.previewText ?? null,
      blocks: step.email.blocks as Block[],
      theme: (step.email.theme ?? "default") as Theme,
      footerStyles: (step.email.footerStyles ?? {}) as FooterStyles,
      workspace,
    });
    links.set(step.id, compiled.links);
  }
  return links;
}

/** JSON with keys sorted, so a jsonb round trip (which reorders keys) compares equal to what was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Writes version `publishedVersion + 1` of the automation as it is in `row` (locked FOR UPDATE by the caller, in
 * the caller's transaction, after any UPDATE of its definition) and returns it. `sender` is the automation's sender
 * with the workspace's default filled in.
 */
export async function publishVersion(
  query: Query,
  row: AutomationRow,
  sender: Sender,
  links: CompiledLinks,
  now: Date,
): Promise<number> {
  const steps = (Array.isArray(row.steps) ? row.steps : []) as Step[];
  const version = row.publishedVersion + 1;
  const previous = await previousBroadcasts(query, row);
  const emailBroadcasts: Record<string, string> = {};
  for (const step of emailSteps(steps)) {
    const content = contentOf(step, sender);
    const reused = previous.get(step.id);
    if (reused && canonical(reused.content) === canonical(content)) {
      emailBroadcasts[step.id] = reused.id;
      continue;
    }
    emailBroadcasts[step.id] = await createHiddenBroadcast(query, row, step, content, links.get(step.id) ?? [], now);
  }
  await query(
    `INSERT INTO "AutomationVersion" ("automationId", version, trigger, "entryFilter", reentry, "startStepId", steps,
                                      "fromName", "fromEmail", "replyTo", "emailBroadcasts", "createdAt")
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7::jsonb, $8, $9, $10, $11::jsonb, $12)`,
    [
      row.id,
      version,
      JSON.stringify(row.trigger),
      row.entryFilter == null ? null : JSON.stringify(row.entryFilter),
      JSON.stringify(row.reentry),
      row.startStepId,
      JSON.stringify(steps),
      row.fromName,
      row.fromEmail,
      row.replyTo,
      JSON.stringify(emailBroadcasts),
      now,
    ],
  );
  await query(`UPDATE "Automation" SET "publishedVersion" = $2 WHERE id = $1`, [row.id, version]);
  return version;
}

/** The previous version's broadcast of each email step, with the content it was made of. */
async function previousBroadcasts(
  query: Query,
  row: AutomationRow,
): Promise<Map<string, { id: string; content: StepContent }>> {
  if (row.publishedVersion === 0) return new Map();
  const { rows } = await query<StepContent & { id: string; stepId: string }>(
    `SELECT b.id, m.key AS "stepId", b.subject, b."previewText", b.blocks, b.theme, b."footerStyles",
            b."fromName", b."fromEmail", b."replyTo"
       FROM "AutomationVersion" v
       CROSS JOIN LATERAL jsonb_each_text(v."emailBroadcasts") AS m(key, value)
       JOIN "Broadcast" b ON b.id = m.value::uuid
      WHERE v."automationId" = $1 AND v.version = $2`,
    [row.id, row.publishedVersion],
  );
  return new Map(rows.map(({ id, stepId, ...content }) => [stepId, { id, content }]));
}

async function createHiddenBroadcast(
  query: Query,
  row: AutomationRow,
  step: EmailStep,
  content: StepContent,
  links: string[],
  now: Date,
): Promise<string> {
  const name = `${row.name} · ${step.name?.trim() || step.id}`.slice(0, 300);
  const {
    rows: [created],
  } = await query<{ id: string }>(
    `INSERT INTO "Broadcast" (id, "workspaceId", name, status, subject, "previewText", "fromName", "fromEmail",
                              "replyTo", blocks, theme, "footerStyles", "automationId", "automationStepId",
                              "sendStartedAt", "createdAt", "updatedAt")
     VALUES (gen_random_uuid(), $1, $2, 'sending', $3, $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11, $12, $13, $13, $13)
     RETURNING id`,
    [
      row.workspaceId,
      name,
      content.subject,
      content.previewText,
      content.fromName,
      content.fromEmail,
      content.replyTo,
      JSON.stringify(content.blocks),
      content.theme,
      JSON.stringify(content.footerStyles),
      row.id,
      step.id,
      now,
    ],
  );
  const id = created!.id;
  await query(`INSERT INTO "BroadcastStats" ("broadcastId") VALUES ($1)`, [id]);
  if (links.length) {
    await query(
      `INSERT INTO "BroadcastLink" ("broadcastId", "variantId", position, url)
       SELECT $1, '', x.position, x.url FROM jsonb_to_recordset($2::jsonb) AS x(position int, url text)`,
      [id, JSON.stringify(links.map((url, position) => ({ position, url })))],
    );
  }
  return id;
}
