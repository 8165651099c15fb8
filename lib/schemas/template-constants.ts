// Template values the browser needs, without the zod schemas lib/schemas/templates.ts brings (it re-exports them).
import type { TemplateSource } from "./templates";

export const TEMPLATE_NAME_MAX = 100;

export function templatePreviewPath(source: Exclude<TemplateSource, { kind: "blank" }>): string {
  const id = source.kind === "builtIn" ? source.id : source.templateId;
  return `/api/dashboard/template-previews/${source.kind}/${encodeURIComponent(id)}`;
}
