"use client";
// The email canvas: the blocks drawn close to how the email looks, each in a frame that selects it, drags it (by its
// handle, with the mouse or the keyboard) and carries its toolbar. Frames are memoised: typing in one block
// re-renders that block only, so a 100-block email stays responsive.
import { createContext, memo, useContext, type CSSProperties, type KeyboardEvent } from "react";
import clsx from "clsx";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { Block, ColumnsBlock, FooterStyles, Theme } from "@/lib/schemas/blocks";
import { THEME_TOKENS } from "@/lib/email-content/themes";
import type { MergeTagOption } from "@/lib/email-content/draft-merge-tags";
import { CopyIcon, TrashIcon } from "@/components/ui/icons";
import { blockModule } from "./blocks/registry";
import { containerKey, ROOT, type Container } from "../model/block-ops";
import { CanvasFooter } from "./canvas-footer";
import type { BlockActions } from "./use-composer-state";

export type { MergeTagOption };
/** The workspace's custom fields, offered by the text editors' "Insert merge tag" menu. */
export const MergeTagsContext = createContext<MergeTagOption[]>([]);

type FrameProps = {
  block: Block;
  container: Container;
  index: number;
  total: number;
  selectedId: string | null;
  theme: Theme;
  actions: BlockActions;
  /** Pointers relative to the block ("#/href") of the last refused save. */
  errors: Record<string, string> | undefined;
  errorsById: Record<string, Record<string, string>>;
};

export function Canvas({
  blocks,
  theme,
  footerStyles,
  onEditFooter,
  selectedId,
  actions,
  errorsById,
}: {
  blocks: Block[];
  theme: Theme;
  footerStyles: FooterStyles;
  onEditFooter(): void;
  selectedId: string | null;
  actions: BlockActions;
  errorsById: Record<string, Record<string, string>>;
}) {
  const tokens = THEME_TOKENS[theme];
  return (
    <div
      data-canvas
      className="min-h-full py-6 pr-4 pl-10 sm:pr-8 sm:pl-12"
      style={{ background: tokens.pageBackground }}
    >
      <div className="mx-auto w-full max-w-[600px]">
        <div
          style={{
            background: tokens.contentBackground,
            color: tokens.text,
            fontFamily: tokens.fontFamily,
            borderRadius: tokens.radius,
            padding: `${Math.round(tokens.padding / 2)}px 0`,
          }}
        >
          <BlockList
            blocks={blocks}
            container={ROOT}
            theme={theme}
            selectedId={selectedId}
            actions={actions}
            errorsById={errorsById}
            emptyText="Drag a block here from the left, or click one to add it."
          />
        </div>
        <CanvasFooter footerStyles={footerStyles} theme={theme} onEdit={onEditFooter} />
      </div>
    </div>
  );
}

function BlockList({
  blocks,
  container,
  theme,
  selectedId,
  actions,
  errorsById,
  emptyText,
}: {
  blocks: Block[];
  container: Container;
  theme: Theme;
  selectedId: string | null;
  actions: BlockActions;
  errorsById: Record<string, Record<string, string>>;
  emptyText: string;
}) {
  const key = containerKey(container);
  const { setNodeRef, isOver } = useDroppable({ id: `container:${key}`, data: { container } });
  const ids = blocks.map((b) => b.id!);
  return (
    <SortableContext id={key} items={ids} strategy={verticalListSortingStrategy}>
      <div
        ref={setNodeRef}
        data-container={key}
        className={clsx(
          "min-h-12 rounded-md transition-colors",
          isOver && "bg-brand-50/60 outline-2 outline-brand-300 outline-dashed",
        )}
      >
        {blocks.length === 0 ? (
          <p className="px-4 py-6 text-center text-[13px] text-slate-500">{emptyText}</p>
        ) : (
          blocks.map((block, index) => (
            <BlockFrame
              key={block.id}
              block={block}
              container={container}
              index={index}
              total={blocks.length}
              selectedId={selectedId}
              theme={theme}
              actions={actions}
              errors={errorsById[block.id!]}
              errorsById={errorsById}
            />
          ))
        )}
      </div>
    </SortableContext>
  );
}

const BlockFrame = memo(
  function BlockFrame({ block, container, index, total, selectedId, theme, actions, errors, errorsById }: FrameProps) {
    const id = block.id!;
    const mod = blockModule(block.type);
    const mergeTags = useContext(MergeTagsContext);
    const selected = selectedId === id;
    const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
      id,
      data: { container, label: mod.label },
    });
    const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
    const hasErrors = errors !== undefined && Object.keys(errors).length > 0;

    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      // Only keys pressed on the frame itself: inside an editor they type.
      if (event.target !== event.currentTarget) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        actions.select(id);
      } else if ((event.key === "Delete" || event.key === "Backspace") && selected) {
        event.preventDefault();
        actions.remove(id);
      } else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
        event.preventDefault();
        actions.nudge(id, event.key === "ArrowUp" ? -1 : 1);
      }
    };

    return (
      <div
        ref={setNodeRef}
        style={style}
        data-block-id={id}
        data-block-type={block.type}
        role="group"
        aria-label={`${mod.label} block, ${index + 1} of ${total}${hasErrors ? ", has a problem" : ""}`}
        aria-current={selected ? "true" : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          event.stopPropagation();
          if (!selected) actions.select(id);
        }}
        className={clsx(
          "group/frame relative mx-2 my-0.5 rounded-md outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-500",
          selected ? "ring-2 ring-brand-500" : "hover:ring-1 hover:ring-slate-300",
          hasErrors && !selected && "ring-2 ring-red-400",
          isDragging && "z-10 opacity-40",
        )}
      >
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${mod.label} block (position ${index + 1} of ${total})`}
          aria-roledescription="draggable block"
          className={clsx(
            "absolute top-1 -left-7 z-10 flex h-7 w-6 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 active:cursor-grabbing",
            selected ? "opacity-100" : "opacity-0 group-hover/frame:opacity-100",
          )}
        >
          <GripIcon />
        </button>
        {block.type === "columns" ? (
          <ColumnsCanvas
            block={block}
            theme={theme}
            selectedId={selectedId}
            actions={actions}
            errorsById={errorsById}
          />
        ) : (
          <mod.Canvas
            block={block as never}
            onChange={(next: Block) => actions.update(id, next)}
            selected={selected}
            theme={theme}
            mergeTags={mergeTags}
          />
        )}
        {selected && (
          <BlockToolbar id={id} label={mod.label} first={index === 0} last={index === total - 1} actions={actions} />
        )}
      </div>
    );
  },
  // Re-render when this block, its place or its selection state changed (not when another block was selected).
  (a, b) =>
    a.block === b.block &&
    a.index === b.index &&
    a.total === b.total &&
    a.theme === b.theme &&
    a.actions === b.actions &&
    a.errors === b.errors &&
    containerKey(a.container) === containerKey(b.container) &&
    (a.selectedId === a.block.id) === (b.selectedId === b.block.id) &&
    // Columns draw their inner blocks, whose selection and errors may change.
    (a.block.type !== "columns" || (a.selectedId === b.selectedId && a.errorsById === b.errorsById)),
);

function ColumnsCanvas({
  block,
  theme,
  selectedId,
  actions,
  errorsById,
}: {
  block: ColumnsBlock;
  theme: Theme;
  selectedId: string | null;
  actions: BlockActions;
  errorsById: Record<string, Record<string, string>>;
}) {
  return (
    <div
      className={clsx("grid gap-2 px-2 py-2", block.columns.length === 3 ? "grid-cols-3" : "grid-cols-2")}
      aria-label="Columns"
    >
      {block.columns.map((column, c) => (
        <div key={c} className="min-w-0 rounded border border-dashed border-slate-300/80 py-1">
          <span className="sr-only">Column {c + 1}</span>
          <BlockList
            blocks={column.blocks}
            container={{ parentId: block.id!, column: c }}
            theme={theme}
            selectedId={selectedId}
            actions={actions}
            errorsById={errorsById}
            emptyText="Drop a block here"
          />
        </div>
      ))}
    </div>
  );
}

function BlockToolbar({
  id,
  label,
  first,
  last,
  actions,
}: {
  id: string;
  label: string;
  first: boolean;
  last: boolean;
  actions: BlockActions;
}) {
  const button =
    "flex size-7 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent";
  return (
    <div
      role="toolbar"
      aria-label={`${label} block actions`}
      className="absolute -top-9 right-0 z-20 flex items-center gap-0.5 rounded-md border border-slate-200 bg-white px-1 py-0.5 shadow-sm"
      onClick={(e) => e.stopPropagation()}
    >
      <button
        type="button"
        className={button}
        disabled={first}
        onClick={() => actions.nudge(id, -1)}
        aria-label={`Move ${label} block up`}
        title="Move up (Alt+↑)"
      >
        <ArrowIcon up />
      </button>
      <button
        type="button"
        className={button}
        disabled={last}
        onClick={() => actions.nudge(id, 1)}
        aria-label={`Move ${label} block down`}
        title="Move down (Alt+↓)"
      >
        <ArrowIcon />
      </button>
      <button
        type="button"
        className={button}
        onClick={() => actions.duplicate(id)}
        aria-label={`Duplicate ${label} block`}
        title="Duplicate"
      >
        <CopyIcon className="size-3.5" />
      </button>
      <button
        type="button"
        className={clsx(button, "hover:text-red-600")}
        onClick={() => actions.remove(id)}
        aria-label={`Delete ${label} block`}
        title="Delete (Del)"
      >
        <TrashIcon className="size-3.5" />
      </button>
    </div>
  );
}

function GripIcon() {
  return (
    <svg viewBox="0 0 12 20" className="h-4 w-3" aria-hidden="true" fill="currentColor">
      {[4, 10, 16].map((y) => (
        <g key={y}>
          <circle cx="3" cy={y} r="1.4" />
          <circle cx="9" cy={y} r="1.4" />
        </g>
      ))}
    </svg>
  );
}

function ArrowIcon({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={2}>
      <path d={up ? "M12 19V5M5 12l7-7 7 7" : "M12 5v14M5 12l7 7 7-7"} />
    </svg>
  );
}
