// What a broadcast needs before it can go out (send, schedule, and a scheduled broadcast's edits): everything
// missing in one 422, so the marketer fixes it in one pass instead of meeting the problems one by one.
import { contentGaps } from "@/lib/broadcast-content";
import { db } from "@/server/db/client";
import { AppError, type FieldError } from "@/server/errors";
import { countAudience } from "@/server/broadcasts/audience";
import type { BroadcastRow } from "./broadcast-record";

type Content = Pick<
  BroadcastRow,
  "workspaceId" | "subject" | "fromEmail" | "blocks" | "variants" | "audienceType" | "audienceFilter" | "resendOfId"
>;

const hasBlocks = (v: unknown) => Array.isArray(v) && v.length > 0;
const variantsOf = (v: unknown) => (Array.isArray(v) ? (v as { blocks?: unknown }[]) : []);

/** The pieces a test send needs too: subject, sender and content (not the audience or the postal address). */
export function missingContent(b: Content): FieldError[] {
  const errors: FieldError[] = [];
  const variants = variantsOf(b.variants);
  // With A/B variants each variant carries its own subject (required by the schema), and may carry its own blocks.
  if (!b.subject?.trim() && variants.length === 0) errors.push({ pointer: "#/subject", detail: "Add a subject." });
  if (!b.fromEmail) errors.push({ pointer: "#/fromEmail", detail: "Add a from address (fromEmail)." });
  const contentEverywhere = hasBlocks(b.blocks) || (variants.length > 0 && variants.every((v) => hasBlocks(v.blocks)));
  if (!contentEverywhere) errors.push({ pointer: "#/blocks", detail: "Add content: blocks is empty." });
  return errors;
}

/**
 * Throws one 422 listing every missing piece, or returns the audience size. The audience is counted now; the
 * fan-out counts it again when sending starts (contacts come and go meanwhile).
 */
export async function checkReadiness(b: Content): Promise<number> {
  // A button without a link is fine in a test (it shows work in progress), never in a send.
  const errors = [...missingContent(b), ...contentGaps(b).map(({ pointer, detail }) => ({ pointer, detail }))];
  let audience = 0;
  try {
    audience = await countAudience(
      {
        workspaceId: b.workspaceId,
        audienceType: b.audienceType as "all" | "segments" | "tags",
        audienceFilter: b.audienceFilter,
        resendOfId: b.resendOfId,
      },
      "#/audienceFilter",
    );
    if (audience === 0)
      errors.push({ pointer: "#/audienceFilter", detail: "The audience has no subscribed contacts." });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
    errors.push(...(error.errors ?? []));
  }
  const workspace = await db().workspace.findUniqueOrThrow({
    where: { id: b.workspaceId },
    select: { postalAddress: true },
  });
  if (!workspace.postalAddress?.trim()) {
    errors.push({
      pointer: "#/workspace/postalAddress",
      detail: "Set the workspace's postal address (Settings → Workspace): every marketing email's footer carries it.",
    });
  }
  if (errors.length) {
    const list = errors.map((e) => e.detail.replace(/\.$/, "")).join("; ");
    throw new AppError("VALIDATION", `The broadcast is not ready to send: ${list}.`, errors);
  }
  return audience;
}
