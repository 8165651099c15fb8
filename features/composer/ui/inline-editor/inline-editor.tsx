"use client";
// Edits markdown-lite in place: a contenteditable whose DOM is built from the markup once, then left to the browser
// while the user types (re-rendering it from props would move the caret). Every input event reads the DOM back into
// markup; the DOM is rebuilt only when the value changes from outside (undo, another panel) or on blur.
import clsx from "clsx";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type CSSProperties,
  type KeyboardEvent,
} from "react";
import { defaultFallback } from "@/lib/email-content/draft-merge-tags";
import { type EditorNode, domToMarkup, element, markupToNodes, mergeChip, nodesToHtml } from "./markup";
import { BUILT_IN_MERGE_TAGS, InlineToolbar, type MergeTagOption, type ToolbarState } from "./toolbar";
import { useToolbarPlace } from "./use-toolbar-place";

export type InlineEditorProps = {
  /** Markdown-lite, as lib/email-content/inline-markup.ts reads it. */
  value: string;
  onChange(value: string): void;
  ariaLabel: string;
  placeholder?: string;
  /** No line breaks: Enter does nothing and pasted newlines become spaces (button labels, headings). */
  singleLine?: boolean;
  className?: string;
  style?: CSSProperties;
  /** The workspace's custom fields, offered after first name, last name and email. */
  mergeTags?: MergeTagOption[];
  autoFocus?: boolean;
};

// A click on a block's formatted text selects the block, which swaps the text for this editor: the click's point is
// kept here so the new editor can put the caret where the user clicked.
let pendingCaret: { x: number; y: number; at: number } | null = null;
export function rememberCaretPoint(x: number, y: number) {
  pendingCaret = { x, y, at: Date.now() };
}

const EMPTY_STATE: ToolbarState = { bold: false, italic: false, link: null };

export function InlineEditor(props: InlineEditorProps) {
  const { value, singleLine = false } = props;
  const ref = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  /** The markup the DOM shows: what was rendered into it or last read out of it. */
  const shown = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const onChangeRef = useRef(props.onChange);
  useEffect(() => {
    onChangeRef.current = props.onChange;
  });
  const [active, setActive] = useState(false);
  const [state, setState] = useState<ToolbarState>(EMPTY_STATE);
  const [panel, setPanel] = useState<"link" | "merge" | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const placed = useToolbarPlace(active || panel !== null, wrapperRef, ref, toolbarRef);

  const render = useCallback((markup: string) => {
    const el = ref.current!;
    el.replaceChildren(...buildDom(markupToNodes(markup)));
    shown.current = markup;
  }, []);

  useLayoutEffect(() => {
    if (shown.current === value) return;
    const el = ref.current!;
    // Undo while typing: the caret stays as many characters from the start as it was, not at the end.
    const offset = document.activeElement === el ? caretOffset(el) : null;
    render(value);
    if (offset !== null) placeCaretAtOffset(el, offset);
  }, [value, render]);

  useEffect(() => {
    const el = ref.current!;
    const caret = pendingCaret;
    pendingCaret = null;
    if (caret && Date.now() - caret.at < 1500) {
      el.focus();
      if (!placeCaretAt(el, caret.x, caret.y)) placeCaretAtEnd(el);
    } else if (props.autoFocus) {
      el.focus();
      placeCaretAtEnd(el);
    }
    // Mount only: focus is taken once, when the editor appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const readState = useCallback(() => {
    const el = ref.current;
    const selection = document.getSelection();
    if (!el || !selection?.anchorNode || !el.contains(selection.anchorNode)) return;
    const anchor = selection.anchorNode instanceof Element ? selection.anchorNode : selection.anchorNode.parentElement;
    const link = anchor?.closest("a");
    setState({
      bold: document.queryCommandState("bold"),
      italic: document.queryCommandState("italic"),
      link: link && el.contains(link) ? link.getAttribute("href") : null,
    });
  }, []);

  useEffect(() => {
    if (!active) return;
    document.addEventListener("selectionchange", readState);
    return () => document.removeEventListener("selectionchange", readState);
  }, [active, readState]);

  const emit = useCallback(() => {
    const el = ref.current!;
    const markup = domToMarkup(el, { singleLine });
    // An emptied editor keeps a stray <br>, which would hide the placeholder.
    if (markup === "" && el.childNodes.length > 0) el.replaceChildren();
    if (markup === shown.current) return;
    shown.current = markup;
    onChangeRef.current(markup);
  }, [singleLine]);

  const exec = (command: string, arg?: string): boolean => {
    ref.current!.focus();
    const done = document.execCommand(command, false, arg);
    emit();
    readState();
    return done;
  };

  const saveSelection = () => {
    const selection = document.getSelection();
    const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
    savedRange.current = range && ref.current!.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };
  const restoreSelection = () => {
    const el = ref.current!;
    el.focus();
    const selection = document.getSelection();
    if (!selection) return;
    selection.removeAllRanges();
    if (savedRange.current) selection.addRange(savedRange.current);
    else placeCaretAtEnd(el);
  };

  const openPanel = (next: "link" | "merge" | null, refocus = true) => {
    if (next && !panel) saveSelection();
    setPanel(next);
    if (!next && refocus) restoreSelection();
  };

  const applyLink = (url: string | null) => {
    setPanel(null);
    restoreSelection();
    const selection = document.getSelection()!;
    const anchor = selection.anchorNode;
    const current = (anchor instanceof Element ? anchor : anchor?.parentElement)?.closest("a");
    // A caret inside a link edits or removes the whole link.
    if (selection.isCollapsed && current && ref.current!.contains(current)) selection.selectAllChildren(current);
    if (url === null) exec("unlink");
    else if (selection.isCollapsed) exec("insertHTML", nodesToHtml([linkNode(url)]));
    else exec("createLink", url);
  };

  const insertMerge = (key: string) => {
    setPanel(null);
    restoreSelection();
    // The zero-width space after the chip gives the caret somewhere to stand; the reader drops it.
    exec("insertHTML", `${nodesToHtml([mergeChip(key, defaultFallback(key))])}\u200b`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      // A line break, not the browser's new <div> paragraph: the markup has line breaks only.
      if (!singleLine && !exec("insertLineBreak")) exec("insertHTML", "<br>");
      return;
    }
    if (!(e.metaKey || e.ctrlKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key === "b" || key === "i") {
      e.preventDefault();
      exec(key === "b" ? "bold" : "italic");
    } else if (key === "k") {
      e.preventDefault();
      openPanel("link");
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    // Plain text only: pasted HTML would bring styles and elements the markup cannot hold.
    e.preventDefault();
    const text = e.clipboardData.getData("text/plain").replace(/\r\n?/g, "\n");
    exec("insertText", singleLine ? text.replace(/\s*\n\s*/g, " ") : text);
  };

  const mergeTags = [...BUILT_IN_MERGE_TAGS, ...(props.mergeTags ?? [])];
  const toolbarShown = active || panel !== null;
  return (
    <div
      ref={wrapperRef}
      className="relative"
      onFocus={() => setActive(true)}
      onBlur={(e) => {
        if (e.relatedTarget instanceof Node && wrapperRef.current?.contains(e.relatedTarget)) return;
        setActive(false);
        setPanel(null);
        // Typed merge tags become chips, and the DOM returns to exactly what the markup says.
        if (shown.current !== null) render(shown.current);
      }}
    >
      {toolbarShown && (
        <div
          ref={toolbarRef}
          data-toolbar-place={placed?.place}
          className="absolute z-30"
          // Measured before the first paint (useToolbarPlace): hidden until its spot is known.
          style={placed ? { left: placed.left, top: placed.top } : { left: 0, bottom: "100%", visibility: "hidden" }}
        >
          <InlineToolbar
            align={placed?.place.endsWith("end") ? "end" : "start"}
            label={props.ariaLabel}
            state={state}
            mergeTags={mergeTags}
            open={panel}
            onOpen={openPanel}
            onBold={() => exec("bold")}
            onItalic={() => exec("italic")}
            onLink={applyLink}
            onMerge={insertMerge}
          />
        </div>
      )}
      <div
        ref={ref}
        role="textbox"
        aria-label={props.ariaLabel}
        aria-multiline={!singleLine}
        aria-placeholder={props.placeholder}
        data-placeholder={props.placeholder}
        contentEditable
        suppressContentEditableWarning
        spellCheck
        onInput={emit}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDrop={(e) => e.preventDefault()}
        onKeyUp={readState}
        onMouseUp={readState}
        style={props.style}
        className={clsx(
          "cursor-text break-words whitespace-pre-wrap outline-none",
          "empty:before:pointer-events-none empty:before:opacity-50 empty:before:content-[attr(data-placeholder)]",
          "[&_a]:underline [&_[data-merge]]:rounded [&_[data-merge]]:bg-indigo-500/15 [&_[data-merge]]:px-1",
          "[&_[data-merge]]:font-mono [&_[data-merge]]:text-[0.85em]",
          props.className,
        )}
      />
    </div>
  );
}

/** A link whose label is its URL, for a link added with nothing selected. */
function linkNode(url: string): EditorNode {
  return element("A", { href: url }, [{ nodeType: 3, nodeName: "#text", nodeValue: url, childNodes: [] }]);
}

function buildDom(nodes: EditorNode[]): Node[] {
  return nodes.map((n) => {
    if (n.nodeType === 3) return document.createTextNode(n.nodeValue);
    const el = document.createElement(n.nodeName.toLowerCase());
    for (const [k, v] of Object.entries(n.attrs)) el.setAttribute(k, v);
    el.append(...buildDom(n.childNodes));
    return el;
  });
}

function placeCaretAtEnd(el: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(el);
  range.collapse(false);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The caret at a screen point, when that point is inside the editor (Firefox and Chromium name the API differently). */
function placeCaretAt(el: HTMLElement, x: number, y: number): boolean {
  const doc = document as Document & {
    caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?(x: number, y: number): Range | null;
  };
  const position = doc.caretPositionFromPoint?.(x, y);
  const range = position ? document.createRange() : doc.caretRangeFromPoint?.(x, y);
  if (!range) return false;
  if (position) range.setStart(position.offsetNode, position.offset);
  if (!el.contains(range.startContainer)) return false;
  range.collapse(true);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  return true;
}

/** Characters of text before the caret (a <br> counts as one), or null without a caret in `el`. */
function caretOffset(el: HTMLElement): number | null {
  const selection = document.getSelection();
  if (!selection?.rangeCount || !el.contains(selection.anchorNode)) return null;
  const range = document.createRange();
  range.selectNodeContents(el);
  range.setEnd(selection.anchorNode!, selection.anchorOffset);
  const fragment = range.cloneContents();
  return (fragment.textContent ?? "").length + fragment.querySelectorAll("br").length;
}

function placeCaretAtOffset(el: HTMLElement, offset: number) {
  let left = offset;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.nodeType === Node.TEXT_NODE ? node.nodeValue!.length : node.nodeName === "BR" ? 1 : 0;
    if (left <= length && node.nodeType === Node.TEXT_NODE) {
      const range = document.createRange();
      range.setStart(node, left);
      range.collapse(true);
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    left -= length;
  }
  placeCaretAtEnd(el);
}
