"use client";
// The block palette: each block type can be clicked (added after the selected block) or dragged onto the canvas.
import { useDraggable } from "@dnd-kit/core";
import { BLOCK_MODULES } from "./blocks/registry";
import type { BlockModule } from "./blocks/types";
import type { BlockActions } from "./use-composer-state";

export function Palette({ actions }: { actions: BlockActions }) {
  return (
    <nav aria-label="Blocks" className="p-3">
      <h2 className="mb-2 px-1 text-[12px] font-semibold tracking-wide text-slate-500 uppercase">Blocks</h2>
      <ul className="grid grid-cols-2 gap-1.5 lg:grid-cols-1">
        {BLOCK_MODULES.map((m) => (
          <li key={m.type}>
            <PaletteItem module={m as BlockModule} actions={actions} />
          </li>
        ))}
      </ul>
      <p className="mt-3 px-1 text-[12px] leading-relaxed text-slate-500">
        Click to add after the selected block, or drag onto the email.
      </p>
    </nav>
  );
}

function PaletteItem({ module, actions }: { module: BlockModule; actions: BlockActions }) {
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `palette:${module.type}`,
    data: { paletteType: module.type, label: module.label },
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      // dnd-kit's keyboard listener would take Enter and Space for dragging: a palette item adds on Enter/click.
      onKeyDown={(e) => {
        if (e.key === "Enter") return;
        listeners?.onKeyDown?.(e);
      }}
      onClick={() => actions.add(module.create())}
      aria-label={`Add ${module.label} block`}
      title={module.description}
      data-palette-type={module.type}
      className="flex w-full cursor-grab touch-none items-center gap-2.5 rounded-md border border-slate-200 bg-white px-2.5 py-2 text-left text-[13px] font-medium text-slate-700 shadow-xs hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-500 active:cursor-grabbing"
    >
      <span className="flex size-6 shrink-0 items-center justify-center text-slate-500" aria-hidden="true">
        {module.icon}
      </span>
      {module.label}
    </button>
  );
}
