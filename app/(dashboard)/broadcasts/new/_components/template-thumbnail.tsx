"use client";
import { useEffect, useRef, useState } from "react";
import clsx from "clsx";
import { THEME_TOKENS } from "@/lib/email-content/themes";
import type { Theme } from "@/lib/schemas/blocks";

/** Wide enough for the email's 600 px column and a little of the page around it, as an inbox shows it. */
const FRAME_WIDTH = 640;

/**
 * The email drawn at full width in a frame, scaled down to the card. The frame loads lazily (a long list of saved
 * templates renders only the visible ones), is sandboxed with nothing allowed, and is inert: a picture, not a page
 * that takes focus, clicks or the screen reader's attention.
 */
export function TemplateThumbnail({ src, theme }: { src: string; theme: Theme }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScale(element.clientWidth / FRAME_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      inert
      className="relative aspect-[4/5] overflow-hidden"
      style={{ backgroundColor: THEME_TOKENS[theme].pageBackground }}
    >
      {!loaded && <div className="absolute inset-0 animate-pulse bg-slate-200/60" />}
      {scale !== null && (
        <iframe
          src={src}
          title=""
          loading="lazy"
          sandbox=""
          tabIndex={-1}
          onLoad={() => setLoaded(true)}
          className={clsx(
            "pointer-events-none absolute top-0 left-0 origin-top-left border-0 transition-opacity duration-200",
            loaded ? "opacity-100" : "opacity-0",
          )}
          style={{ width: FRAME_WIDTH, height: (FRAME_WIDTH * 5) / 4, transform: `scale(${scale})` }}
        />
      )}
    </div>
  );
}
