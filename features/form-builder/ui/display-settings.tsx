"use client";
import { useId } from "react";
import { SLIDE_IN_CORNERS, type FormDisplay, type LandingPageMeta } from "@/lib/schemas/forms";
import { TextField } from "@/components/ui/text-field";
import { textBinder, type PanelProps } from "./builder-context";
import { CheckboxRow, PanelSection, RadioRow } from "./panel-controls";

const CORNER_LABELS: Record<(typeof SLIDE_IN_CORNERS)[number], string> = {
  bottom_right: "Bottom right",
  bottom_left: "Bottom left",
  top_right: "Top right",
  top_left: "Top left",
};

/** The display's whole numbers: an emptied input is 0, or "not set" for the scroll share (null: use the delay). */
type WholeKey = "delaySeconds" | "scrollPercent" | "frequencyDays";

/** How a popup, sticky bar or slide-in appears; inline forms and landing pages have nothing to set here. */
export function DisplaySettings({ draft, change, errors }: Pick<PanelProps, "draft" | "change" | "errors">) {
  const name = useId();
  const display = draft.display;
  const set = (patch: Partial<FormDisplay>) => change({ display: { ...display, ...patch } });
  const type = draft.type;
  if (type === "inline" || type === "landing_page") return null;

  const whole = (key: WholeKey, label: string, hint: string, max: number) => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      min={0}
      max={max}
      value={display[key] ?? ""}
      onChange={(e) => {
        const raw = e.target.value;
        set({ [key]: raw === "" ? (key === "scrollPercent" ? null : 0) : Math.round(Number(raw)) });
      }}
      error={errors[`display/${key}`]}
    />
  );

  return (
    <PanelSection title="Display">
      {(type === "popup" || type === "slide_in") && (
        <div className="grid gap-3 sm:grid-cols-2">
          {whole("delaySeconds", "Delay (seconds)", "0 shows it at once.", 600)}
          {whole("scrollPercent", "Or after scrolling (%)", "Empty: use the delay.", 100)}
        </div>
      )}
      {type === "popup" && (
        <CheckboxRow
          label="Also show when the visitor is about to leave (exit intent)"
          checked={display.exitIntent}
          onChange={(exitIntent) => set({ exitIntent })}
        />
      )}
      {type === "sticky_bar" && (
        <RadioRow
          legend="Position"
          name={name}
          value={display.position}
          options={[
            ["top", "Top of the page"],
            ["bottom", "Bottom of the page"],
          ]}
          onChange={(position) => set({ position })}
        />
      )}
      {type === "slide_in" && (
        <RadioRow
          legend="Corner"
          name={name}
          value={display.corner}
          options={SLIDE_IN_CORNERS.map((c) => [c, CORNER_LABELS[c]] as const)}
          onChange={(corner) => set({ corner })}
        />
      )}
      {whole(
        "frequencyDays",
        "Show again after (days)",
        "After a visitor closes or submits it; 0 shows it on every visit.",
        365,
      )}
    </PanelSection>
  );
}

/** The hosted page's address and meta tags; an emptied slug is generated again from the name on save. */
export function LandingPageSettings({ draft, change, errors }: Pick<PanelProps, "draft" | "change" | "errors">) {
  if (draft.type !== "landing_page") return null;
  const meta: LandingPageMeta = draft.landingPageMeta ?? { slug: "", title: null, description: null, imageUrl: null };
  const set = (patch: Partial<LandingPageMeta>) => change({ landingPageMeta: { ...meta, ...patch } });
  const text = textBinder(meta, set, (key) => errors[`landingPageMeta/${key}`]);
  return (
    <PanelSection title="Landing page">
      <TextField
        label="Address (slug)"
        hint="The page lives at /f/<slug>. Leave empty to make one from the name."
        value={meta.slug}
        onChange={(e) => set({ slug: e.target.value.toLowerCase() })}
        error={errors["landingPageMeta/slug"] ?? errors.landingPageMeta}
      />
      <TextField label="Page title" {...text("title")} />
      <TextField label="Page description" hint="For search engines and link previews." {...text("description")} />
      <TextField label="Image URL" type="url" hint="Shown above the form and in link previews." {...text("imageUrl")} />
    </PanelSection>
  );
}
