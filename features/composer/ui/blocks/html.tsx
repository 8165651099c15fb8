"use client";
import { useEffect, useRef, useState } from "react";
import type { HtmlBlock } from "@/lib/schemas/blocks";
import { MAX_HTML } from "@/lib/schemas/block-constants";
import { themeTokens, type ThemeTokens } from "@/lib/email-content/themes";
import { SettingsStack, TextArea } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

/** The document shown in the canvas frame: the block's HTML in the theme's text style. */
export function htmlPreviewDocument(html: string, t: ThemeTokens): string {
  const style =
    `html,body{margin:0;padding:0;background:transparent;overflow:hidden}` +
    `body{color:${t.text};font-family:${t.fontFamily};font-size:16px;line-height:1.6}a{color:${t.link}}` +
    `img{max-width:100%;height:auto}`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>${html}</body></html>`;
}

function HtmlCanvas({ block, theme }: BlockCanvasProps<HtmlBlock>) {
  const frame = useRef<HTMLIFrameElement>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const [height, setHeight] = useState(48);
  useEffect(() => () => observer.current?.disconnect(), []);
  // Measured on load and again whenever the content changes size (images arriving late, fonts).
  const measure = () => {
    const doc = frame.current?.contentDocument;
    if (!doc?.body) return;
    const update = () => setHeight(Math.max(24, doc.documentElement.scrollHeight));
    update();
    observer.current?.disconnect();
    observer.current = new ResizeObserver(update);
    observer.current.observe(doc.body);
  };
  if (!block.html.trim()) {
    return (
      <div className="rounded-md border-2 border-dashed border-slate-300 bg-slate-50 px-3 py-6 text-center text-sm text-slate-500">
        Custom HTML: write it in the block settings.
      </div>
    );
  }
  return (
    <div style={{ padding: "4px 0" }}>
      {/* No scripts run (sandbox without allow-scripts); same origin only so the frame's height can be read. The
          stored HTML was already sanitized when saved, and is sanitized again when sent. */}
      <iframe
        ref={frame}
        title="Custom HTML preview"
        sandbox="allow-same-origin"
        srcDoc={htmlPreviewDocument(block.html, themeTokens(theme))}
        onLoad={measure}
        tabIndex={-1}
        style={{ width: "100%", height, border: 0, display: "block", pointerEvents: "none" }}
      />
    </div>
  );
}

function HtmlSettings({ block, onChange, errors }: BlockSettingsProps<HtmlBlock>) {
  return (
    <SettingsStack errors={errors}>
      <TextArea
        label="HTML"
        rows={12}
        value={block.html}
        maxLength={MAX_HTML}
        spellCheck={false}
        className="font-mono text-[13px]"
        onChange={(e) => onChange({ ...block, html: e.target.value })}
        hint="Cleaned when saved: scripts, iframes, forms and event handlers are removed, links must be http(s) or mailto:, and inline styles keep typography and layout only. Merge tags work."
        error={errors["#/html"]}
      />
    </SettingsStack>
  );
}

export const htmlBlock = defineBlock<HtmlBlock>({
  type: "html",
  label: "Custom HTML",
  description: "Your own HTML, cleaned for email.",
  icon: "m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16",
  content: () => ({
    html: '<p style="text-align:center">Questions? <a href="https://example.com">Get in touch</a>.</p>',
  }),
  Canvas: HtmlCanvas,
  Settings: HtmlSettings,
});
