// What a new broadcast starts from: a blank email, a built-in design or one of the workspace's saved templates.
import type { Block, FooterStyles, Theme } from "@/lib/schemas/blocks";
import type { TemplateSource } from "@/lib/schemas/templates";
import { builtInTemplate, withAssetOrigin } from "@/lib/templates/built-in";
import { appUrl } from "@/server/config";
import { getTemplate } from "./get-template";

export type TemplateContent = {
  /** Leads the new broadcast's name ("Newsletter – 23 Nov 2026"). */
  label: string;
  subject: string | null;
  previewText: string | null;
  blocks: Block[];
  theme: Theme;
  footerStyles: FooterStyles;
};

const BLANK: TemplateContent = {
  label: "Untitled",
  subject: null,
  previewText: null,
  blocks: [],
  theme: "default",
  footerStyles: {},
};

export async function templateContent({
  workspaceId,
  source,
}: {
  workspaceId: string;
  source: TemplateSource;
}): Promise<TemplateContent> {
  switch (source.kind) {
    case "blank":
      return BLANK;
    case "builtIn": {
      const { name, subject, previewText, blocks, theme, footerStyles } = builtInTemplate(source.id);
      // The design's pictures are served by this app (public/templates/).
      return { label: name, subject, previewText, blocks: withAssetOrigin(blocks, appUrl()), theme, footerStyles };
    }
    case "saved": {
      const { name, subject, previewText, blocks, theme, footerStyles } = await getTemplate({
        workspaceId,
        templateId: source.templateId,
      });
      return { label: name, subject, previewText, blocks, theme, footerStyles };
    }
  }
}
