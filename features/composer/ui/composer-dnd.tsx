"use client";
// Drag and drop for the composer: blocks from the palette onto the canvas, and blocks within and between the root
// and the columns. Mouse, touch and keyboard (focus a handle, Space, arrows, Space) all go through dnd-kit, and
// every step is announced with the block's name and position.
import { useId, useState, type ReactNode } from "react";
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { Block } from "@/lib/schemas/blocks";
import { blockModule } from "./blocks/registry";
import { containerKey, findPlace, listOf, type Container } from "../model/block-ops";
import type { BlockActions } from "./use-composer-state";

type DragData = { container?: Container; label?: string; paletteType?: Block["type"] };

/** The innermost target under the pointer (a block inside a column before the columns block around it). */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  if (hits.length === 0) return closestCenter(args);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Infinity;
  };
  return [...hits].sort((a, b) => area(a.id) - area(b.id));
};

function describe(blocks: Block[], id: string): string {
  const place = findPlace(blocks, id);
  if (!place) return "";
  const total = listOf(blocks, place).length;
  const where = place.parentId === null ? "the email" : `column ${place.column + 1}`;
  return `position ${place.index + 1} of ${total} in ${where}`;
}

export function ComposerDnd({
  blocks,
  actions,
  children,
}: {
  blocks: Block[];
  actions: BlockActions;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  // A stable id keeps dnd-kit's generated aria ids the same on the server and the client (hydration).
  const id = useId();
  const sensors = useSensors(
    // A few pixels before a drag starts, so clicks on palette items and handles still click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const labelOf = (data: DragData | undefined) => data?.label ?? "Block";
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.data.current as DragData)} block${active.data.current?.paletteType ? " from the palette" : `, ${describe(blocks, String(active.id))}`}. Use the arrow keys to move, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.data.current as DragData)} block is over ${targetText(over.data.current as DragData, String(over.id))}.`
        : `${labelOf(active.data.current as DragData)} block is no longer over a drop area.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.data.current as DragData)} block dropped.`
        : `${labelOf(active.data.current as DragData)} block was not moved.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.data.current as DragData)} block was cancelled.`,
  };
  const targetText = (data: DragData | undefined, id: string) => {
    if (id.startsWith("container:")) return id === "container:root" ? "the end of the email" : "a column";
    return `${data?.label ?? "a"} block at ${describe(blocks, id)}`;
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging(labelOf(active.data.current as DragData));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    const activeData = (active.data.current ?? {}) as DragData;
    const overData = (over.data.current ?? {}) as DragData;
    const overId = String(over.id);
    let container: Container | undefined;
    let index: number;
    if (overId.startsWith("container:")) {
      container = overData.container;
      if (!container) return;
      index = listOf(blocks, container).length;
    } else {
      const place = findPlace(blocks, overId);
      if (!place) return;
      container = place;
      index = place.index;
      // Dropped on the lower half of a block of another list: after it.
      const translated = active.rect.current.translated;
      const sameList =
        !activeData.paletteType &&
        (() => {
          const from = findPlace(blocks, String(active.id));
          return from !== null && containerKey(from) === containerKey(place);
        })();
      if (!sameList && translated && translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2)
        index += 1;
    }
    if (activeData.paletteType) {
      actions.add(blockModule(activeData.paletteType).create(), { container, index });
      return;
    }
    if (String(active.id) === overId) return;
    actions.move(String(active.id), container, index);
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a block, press Space or Enter on its handle, use the arrow keys, then Space or Enter to drop it, or Escape to cancel. Alt+Up and Alt+Down also move the focused block.",
        },
      }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragging && (
          <div className="rounded-md border border-brand-300 bg-white px-3 py-2 text-[13px] font-medium text-brand-700 shadow-lg">
            {dragging}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
