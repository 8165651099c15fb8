"use client";
import { useId } from "react";
import { SLIDE_IN_CORNERS, type FormDisplay, type LandingPageMeta } from "@/lib/schemas/forms";
import { TextField } from "@/components/ui/text-field";
import type { PanelProps } from "./builder-context";

const CORNER_LABELS: Record<(typeof SLIDE_IN_CORNERS)[number], string> = {
  bottom_right: "Bottom right",
  bottom_left: "Bottom left",
  top_right: "Top right",
  top_left: "Top left",
};

/** How a popup, sticky bar or slide-in appears; inline forms and landing pages have nothing to set here. */
export function DisplaySettings({ draft, change, errors }: Pick<PanelProps, "draft" | "change" | "errors">) {
  const name = useId();
  const display = draft.display;
  const set = (patch: Partial<FormDisplay>) => change({ display: { ...display, ...patch } });
  const err = (key: keyof FormDisplay) => errors[`display/${key}`];
  const int = (raw: string) => (raw === "" ? 0 : Math.round(Number(raw)));
  const type = draft.type;
  if (type === "inline" || type === "landing_page") return null;

  const triggers = (type === "popup" || type === "slide_in") && (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Delay (seconds)"
          hint="0 shows it at once."
          type="number"
          min={0}
          max={600}
          value={display.delaySeconds}
          onChange={(e) => set({ delaySeconds: int(e.target.value) })}
          error={err("delaySeconds")}
        />
        <TextField
          label="Or after scrolling (%)"
          hint="Empty: use the delay."
          type="number"
          min={0}
          max={100}
          value={display.scrollPercent ?? ""}
          onChange={(e) => set({ scrollPercent: e.target.value === "" ? null : int(e.target.value) })}
          error={err("scrollPercent")}
        />
      </div>
      {type === "popup" && (
        <label className="inline-flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={display.exitIntent}
            onChange={(e) => set({ exitIntent: e.target.checked })}
            className="size-4 accent-brand-600"
          />
          Also show when the visitor is about to leave (exit intent)
        </label>
      )}
    </>
  );

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Display</legend>
      {triggers}
      {type === "sticky_bar" && (
        <Radios
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
        <Radios
          legend="Corner"
          name={name}
          value={display.corner}
          options={SLIDE_IN_CORNERS.map((c) => [c, CORNER_LABELS[c]] as const)}
          onChange={(corner) => set({ corner })}
        />
      )}
      <TextField
        label="Show again after (days)"
        hint="After a visitor closes or submits it; 0 shows it on every visit."
        type="number"
        min={0}
        max={365}
        value={display.frequencyDays}
        onChange={(e) => set({ frequencyDays: int(e.target.value) })}
        error={err("frequencyDays")}
      />
    </fieldset>
  );
}

function Radios<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{props.legend}</legend>
      <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1.5">
        {props.options.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={props.name}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="size-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The hosted page's address and meta tags; an emptied slug is generated again from the name on save. */
export function LandingPageSettings({ draft, change, errors }: Pick<PanelProps, "draft" | "change" | "errors">) {
  if (draft.type !== "landing_page") return null;
  const meta: LandingPageMeta = draft.landingPageMeta ?? { slug: "", title: null, description: null, imageUrl: null };
  const set = (patch: Partial<LandingPageMeta>) => change({ landingPageMeta: { ...meta, ...patch } });
  const err = (key: keyof LandingPageMeta) => errors[`landingPageMeta/${key}`];
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Landing page</legend>
      <TextField
        label="Address (slug)"
        hint="The page lives at /f/<slug>. Leave empty to make one from the name."
        value={meta.slug}
        onChange={(e) => set({ slug: e.target.value.toLowerCase() })}
        error={err("slug") ?? errors.landingPageMeta}
      />
      <TextField
        label="Page title"
        value={meta.title ?? ""}
        onChange={(e) => set({ title: e.target.value })}
        error={err("title")}
      />
      <TextField
        label="Page description"
        hint="For search engines and link previews."
        value={meta.description ?? ""}
        onChange={(e) => set({ description: e.target.value })}
        error={err("description")}
      />
      <TextField
        label="Image URL"
        type="url"
        hint="Shown above the form and in link previews."
        value={meta.imageUrl ?? ""}
        onChange={(e) => set({ imageUrl: e.target.value })}
        error={err("imageUrl")}
      />
    </fieldset>
  );
}
