import type { FormStatus, FormType } from "@/lib/schemas/forms";
import { Badge, type BadgeTone } from "@/components/ui/badge";

export const FORM_STATUS_LABELS: Record<FormStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

export const FORM_TYPE_LABELS: Record<FormType, string> = {
  inline: "Inline",
  popup: "Popup",
  landing_page: "Landing page",
  sticky_bar: "Sticky bar",
  slide_in: "Slide-in",
};

export const FORM_TYPE_DESCRIPTIONS: Record<FormType, string> = {
  inline: "Sits in your page where you paste the snippet.",
  popup: "Opens over the page after a delay, a scroll or on exit.",
  landing_page: "A page of its own at a link you can share.",
  sticky_bar: "A slim bar pinned to the top or bottom of the page.",
  slide_in: "Slides into a corner without covering the page.",
};

const tones: Record<FormStatus, BadgeTone> = { draft: "neutral", published: "green", archived: "amber" };

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return <Badge tone={tones[status]}>{FORM_STATUS_LABELS[status]}</Badge>;
}
