"use client";
import { useId } from "react";
import type { SpacerBlock } from "@/lib/schemas/blocks";
import { FieldError, Input, Label } from "@/components/ui/field";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

function SpacerCanvas({ block, selected }: BlockCanvasProps<SpacerBlock>) {
  return (
    <div
      style={{ height: block.height }}
      className={
        selected
          ? "flex items-center justify-center overflow-hidden bg-[repeating-linear-gradient(45deg,transparent_0_6px,rgb(99_102_241/0.12)_6px_12px)]"
          : "hover:bg-slate-500/5"
      }
    >
      {selected && block.height >= 16 && (
        <span className="rounded bg-white px-1.5 text-[11px] leading-4 font-medium text-slate-700 shadow-sm">
          {block.height} px
        </span>
      )}
    </div>
  );
}

function SpacerSettings({ block, onChange, errors }: BlockSettingsProps<SpacerBlock>) {
  const id = useId();
  const error = errors["#/height"];
  const set = (raw: string) => {
    const n = Math.round(Number(raw));
    if (raw !== "" && Number.isFinite(n)) onChange({ ...block, height: n });
  };
  return (
    <div>
      <Label htmlFor={id}>Height (px)</Label>
      <div className="mt-1.5 flex items-center gap-3">
        <input
          type="range"
          min={4}
          max={200}
          step={4}
          aria-label="Height slider"
          value={block.height}
          onChange={(e) => set(e.target.value)}
          className="flex-1 accent-brand-600"
        />
        <Input
          id={id}
          type="number"
          min={4}
          max={200}
          value={block.height}
          onChange={(e) => set(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-20"
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export const spacerBlock = defineBlock<SpacerBlock>({
  type: "spacer",
  label: "Spacer",
  description: "Empty vertical space.",
  icon: "M12 4v16M8 8l4-4 4 4M8 16l4 4 4-4",
  content: () => ({ height: 24 }),
  Canvas: SpacerCanvas,
  Settings: SpacerSettings,
});
