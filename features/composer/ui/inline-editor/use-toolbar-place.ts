"use client";
// Measures the canvas around a text editor and puts its toolbar where it hides nothing (toolbar-place.ts decides):
// when the toolbar appears, and again on scroll, resize and as the text grows.
import { useCallback, useLayoutEffect, useState, type RefObject } from "react";
import { chooseToolbarPlace, type Box, type ToolbarPlace } from "./toolbar-place";

export type PlacedToolbar = { place: ToolbarPlace; left: number; top: number } | null;

/** Only content this far above or below the editor can be under a spot. */
const REACH = 96;

/** What the canvas shows near `editor`: text lines, images, rules, button boxes and toolbars, outside `own`. */
function obstaclesNear(root: Element, own: Element, editor: Box): Box[] {
  const top = editor.top - REACH;
  const bottom = editor.bottom + REACH;
  const near = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > top && r.top < bottom;
  const boxes: Box[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue?.trim() || own.contains(node)) continue;
    const parent = node.parentElement;
    if (!parent || !near(parent.getBoundingClientRect())) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (near(r)) boxes.push(r);
  }
  for (const el of root.querySelectorAll('img, hr, [data-canvas-box], [role="toolbar"]')) {
    // The block around the editor (a button's coloured box) is where the text is, not something to avoid.
    if (own.contains(el) || el.contains(own)) continue;
    const r = el.getBoundingClientRect();
    if (near(r)) boxes.push(r);
  }
  return boxes;
}

/** The part of the page the canvas shows: the window, cut by the nearest scrolling ancestor. */
function visibleBox(el: Element): Box {
  const box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY !== "auto" && overflowY !== "scroll") continue;
    const r = p.getBoundingClientRect();
    return {
      left: Math.max(box.left, r.left),
      top: Math.max(box.top, r.top),
      right: Math.min(box.right, r.right),
      bottom: Math.min(box.bottom, r.bottom),
    };
  }
  return box;
}

export function useToolbarPlace(
  shown: boolean,
  wrapperRef: RefObject<HTMLElement | null>,
  editorRef: RefObject<HTMLElement | null>,
  toolbarRef: RefObject<HTMLElement | null>,
): PlacedToolbar {
  const [placed, setPlaced] = useState<PlacedToolbar>(null);

  const measure = useCallback(() => {
    const wrapper = wrapperRef.current;
    const editor = editorRef.current;
    const toolbar = toolbarRef.current;
    if (!wrapper || !editor || !toolbar) return;
    const root = wrapper.closest("[data-canvas]") ?? document.body;
    const box = editor.getBoundingClientRect();
    // The block's own toolbar (move, duplicate, delete) sits above its top right: an end spot above stays left of it.
    const blockTools = wrapper.closest("[data-block-id]")?.querySelector(':scope > [role="toolbar"]');
    const choice = chooseToolbarPlace({
      editor: box,
      toolbar: { width: toolbar.offsetWidth, height: toolbar.offsetHeight },
      obstacles: obstaclesNear(root, wrapper, box),
      visible: visibleBox(wrapper),
      aboveEndLimit: blockTools?.getBoundingClientRect().left,
    });
    const origin = wrapper.getBoundingClientRect();
    const next = { place: choice.place, left: choice.box.left - origin.left, top: choice.box.top - origin.top };
    setPlaced((p) => (p && p.place === next.place && p.left === next.left && p.top === next.top ? p : next));
  }, [wrapperRef, editorRef, toolbarRef]);

  useLayoutEffect(() => {
    if (!shown) return;
    measure();
    let frame = 0;
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener("resize", again);
    document.addEventListener("scroll", again, true);
    const resized = new ResizeObserver(again);
    if (editorRef.current) resized.observe(editorRef.current);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", again);
      document.removeEventListener("scroll", again, true);
      resized.disconnect();
    };
  }, [shown, measure, editorRef]);

  // A spot from an earlier showing is replaced by this one's measure before the toolbar is painted.
  return shown ? placed : null;
}
