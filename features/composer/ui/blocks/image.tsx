"use client";
import { useState } from "react";
import type { ImageBlock } from "@/lib/schemas/blocks";
import { TextField } from "@/components/ui/text-field";
import { ImageUploadButton, RecentImages, type UploadedImage } from "../image-upload-button";
import { BlockAlign, SettingsStack, UrlField, parseIntOrUndefined } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";
import { PLACEHOLDER_IMAGE } from "@/lib/schemas/block-constants";

/** What a new image block points at until the user uploads or links one: valid for the schema, shown as a prompt. */
export { PLACEHOLDER_IMAGE };

function ImageCanvas({ block }: BlockCanvasProps<ImageBlock>) {
  // The failed source is remembered, so a new src is tried again without an effect resetting the flag.
  const [failed, setFailed] = useState<string | null>(null);
  // Margins place the image as the renderer does (emails/blocks/image.tsx).
  const margin = block.align === "center" ? "0 auto" : block.align === "right" ? "0 0 0 auto" : "0";
  const width = block.width ?? "100%";
  if (block.src === PLACEHOLDER_IMAGE || failed === block.src) {
    return (
      <div style={{ padding: "4px 0" }}>
        <div
          style={{ width, margin, maxWidth: "100%" }}
          className="flex h-40 flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-slate-300 bg-slate-50 text-sm text-slate-500"
        >
          <span className="font-medium">{failed === block.src ? "This image could not be loaded" : "Image"}</span>
          <span className="text-xs">Upload or link an image in the block settings.</span>
        </div>
      </div>
    );
  }
  return (
    <div style={{ padding: "4px 0" }}>
      {/* A plain <img>: the email shows the source as is, and next/image would proxy and resize it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={block.src}
        alt={block.alt}
        width={block.width}
        onError={() => setFailed(block.src)}
        style={{ display: "block", margin, maxWidth: "100%", width, height: "auto", border: 0 }}
      />
    </div>
  );
}

/** The block showing an uploaded or picked image; a narrow image keeps its own width instead of being stretched. */
export function withImage(block: ImageBlock, image: Pick<UploadedImage, "url" | "width" | "fileName">): ImageBlock {
  const width = image.width && image.width < 600 ? Math.max(16, image.width) : undefined;
  return { ...block, src: image.url, width, alt: block.alt || altFromFileName(image.fileName) };
}

/** "spring-sale_banner.png" → "spring sale banner": a starting point the author is shown and can improve. */
function altFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .trim()
    .slice(0, 500);
}

function ImageSettings({ block, onChange, errors, workspaceId }: BlockSettingsProps<ImageBlock>) {
  const pick = (image: UploadedImage) => onChange(withImage(block, image));
  // The recent images are fetched once the list is opened, not every time an image block is selected.
  const [browsing, setBrowsing] = useState(false);
  return (
    <SettingsStack errors={errors}>
      <ImageUploadButton onUploaded={pick} label={block.src === PLACEHOLDER_IMAGE ? "Upload image" : "Replace image"} />
      <details
        className="rounded-lg border border-slate-200 px-3 py-2"
        onToggle={(e) => setBrowsing(e.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Choose a recent image</summary>
        <div className="mt-2">
          {browsing && <RecentImages workspaceId={workspaceId} onPick={pick} selectedUrl={block.src} />}
        </div>
      </details>
      <UrlField
        label="Image URL"
        value={block.src === PLACEHOLDER_IMAGE ? "" : block.src}
        placeholder="https://example.com/banner.png"
        onValueChange={(src) => onChange({ ...block, src: src || PLACEHOLDER_IMAGE })}
        hint="An http(s) address. Mail clients fetch it when the email is opened."
        error={errors["#/src"]}
      />
      <TextField
        label="Alternative text"
        value={block.alt}
        maxLength={500}
        onChange={(e) => onChange({ ...block, alt: e.target.value })}
        hint="Read aloud by screen readers and shown when images are blocked."
        error={errors["#/alt"]}
      />
      <UrlField
        label="Link (optional)"
        value={block.href ?? ""}
        placeholder="https://example.com"
        onValueChange={(href) => onChange({ ...block, href: href || undefined })}
        hint="Makes the image a link."
        error={errors["#/href"]}
      />
      <TextField
        label="Width (px)"
        type="number"
        min={16}
        max={600}
        value={block.width ?? ""}
        placeholder="Full width"
        onChange={(e) => onChange({ ...block, width: parseIntOrUndefined(e.target.value) })}
        hint="16 to 600; empty fills the email's width."
        error={errors["#/width"]}
      />
      <BlockAlign block={block} onChange={onChange} errors={errors} />
    </SettingsStack>
  );
}

export const imageBlock = defineBlock<ImageBlock>({
  type: "image",
  label: "Image",
  description: "A picture, optionally linked.",
  icon: "M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2ZM10.5 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 1 1 3 0ZM21 16l-5-5-9 8",
  content: () => ({ src: PLACEHOLDER_IMAGE, alt: "", align: "center" }),
  Canvas: ImageCanvas,
  Settings: ImageSettings,
});
