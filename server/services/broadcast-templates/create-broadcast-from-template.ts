import { AppError } from "@/server/errors";
import { toFieldErrors } from "@/server/http/validation";
import { ZCreateBroadcast, type Broadcast } from "@/lib/schemas/broadcasts";
import type { TemplateSource } from "@/lib/schemas/templates";
import { createBroadcast } from "@/server/services/broadcasts/create-broadcast";
import { getSendingSettings } from "@/server/services/workspaces/get-sending-settings";
import { templateContent } from "./template-content";

/**
 * A new draft with the source's content and the workspace's default sender, named after the source and today's
 * date in the workspace's time zone ("Newsletter – 23 Nov 2026") so a list of drafts stays readable before the
 * marketer names them.
 */
export async function createBroadcastFromTemplate({
  workspaceId,
  source,
  now = new Date(),
}: {
  workspaceId: string;
  source: TemplateSource;
  now?: Date;
}): Promise<Broadcast> {
  const [content, settings] = await Promise.all([
    templateContent({ workspaceId, source }),
    getSendingSettings({ workspaceId }),
  ]);
  // Through the broadcast's own schema: a template saved under older block rules is refused with pointers rather
  // than stored as content the composer and the sender would then reject.
  const parsed = ZCreateBroadcast.safeParse({
    name: `${content.label} – ${dayLabel(now, settings.defaultTimezone)}`.slice(0, 200),
    subject: content.subject,
    previewText: content.previewText,
    fromName: settings.defaultFromName,
    fromEmail: settings.defaultFromEmail,
    blocks: content.blocks,
    theme: content.theme,
    footerStyles: content.footerStyles,
  });
  if (!parsed.success) {
    throw new AppError(
      "VALIDATION",
      "This template can no longer be used: its content breaks the current email rules.",
      toFieldErrors(parsed.error),
    );
  }
  return createBroadcast({ workspaceId, input: parsed.data });
}

/** "23 Nov 2026" on the workspace's calendar (a draft made at 01:00 in Tokyo is dated as Tokyo sees it). */
export function dayLabel(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(now);
  }
}
