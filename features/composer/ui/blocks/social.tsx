"use client";
import { Fragment, useId } from "react";
import type { SocialBlock } from "@/lib/schemas/blocks";
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from "@/lib/schemas/block-constants";
import { themeTokens } from "@/lib/email-content/themes";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/field";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Options, Select } from "@/components/ui/select";
import { BlockAlign, SettingsStack } from "./fields";
import { defineBlock } from "./define-block";
import type { BlockCanvasProps, BlockSettingsProps } from "./types";

type Network = SocialBlock["links"][number]["network"];
type SocialLink = SocialBlock["links"][number];

const EXAMPLE_URL: Record<Network, string> = {
  website: "https://example.com",
  facebook: "https://facebook.com/",
  instagram: "https://instagram.com/",
  x: "https://x.com/",
  linkedin: "https://linkedin.com/company/",
  youtube: "https://youtube.com/@",
  tiktok: "https://tiktok.com/@",
  mastodon: "https://mastodon.social/@",
  bluesky: "https://bsky.app/profile/",
  github: "https://github.com/",
  threads: "https://threads.net/@",
  email: "mailto:hello@example.com",
};

const MAX_LINKS = 12;

function SocialCanvas({ block, theme }: BlockCanvasProps<SocialBlock>) {
  const t = themeTokens(theme);
  return (
    <p
      style={{
        textAlign: block.align,
        fontFamily: t.fontFamily,
        fontSize: 14,
        color: t.muted,
        margin: 0,
        padding: "4px 0",
      }}
    >
      {block.links.map((link, i) => (
        <Fragment key={i}>
          {i > 0 ? <span style={{ whiteSpace: "pre" }}>{"  ·  "}</span> : null}
          <span title={link.url} style={{ color: t.link, fontWeight: 600 }}>
            {SOCIAL_LABELS[link.network]}
          </span>
        </Fragment>
      ))}
      {block.links.length === 0 ? <span className="italic">Add a link in the block settings.</span> : null}
    </p>
  );
}

/** `links` with the item at `from` moved to `to`. */
export function moveLink(links: SocialLink[], from: number, to: number): SocialLink[] {
  if (to < 0 || to >= links.length) return links;
  const next = [...links];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function SocialSettings({ block, onChange, errors }: BlockSettingsProps<SocialBlock>) {
  const setLinks = (links: SocialLink[]) => onChange({ ...block, links });
  const update = (i: number, patch: Partial<SocialLink>) =>
    setLinks(block.links.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const add = () => {
    const used = new Set(block.links.map((l) => l.network));
    const network = SOCIAL_NETWORKS.find((n) => !used.has(n)) ?? "website";
    setLinks([...block.links, { network, url: EXAMPLE_URL[network] }]);
  };
  return (
    <SettingsStack errors={errors}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Links</legend>
        <ol className="mt-1.5 space-y-3">
          {block.links.map((link, i) => (
            <LinkRow
              key={i}
              index={i}
              count={block.links.length}
              link={link}
              errors={{ network: errors[`#/links/${i}/network`], url: errors[`#/links/${i}/url`] }}
              onChange={(patch) => update(i, patch)}
              onMove={(to) => setLinks(moveLink(block.links, i, to))}
              onRemove={() => setLinks(block.links.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <FieldError>{errors["#/links"]}</FieldError>
        <Button variant="secondary" size="sm" className="mt-3" onClick={add} disabled={block.links.length >= MAX_LINKS}>
          <PlusIcon />
          Add link
        </Button>
        {block.links.length >= MAX_LINKS && <p className="mt-1 text-[13px] text-slate-500">At most 12 links.</p>}
      </fieldset>
      <BlockAlign block={block} onChange={onChange} errors={errors} />
    </SettingsStack>
  );
}

function LinkRow(props: {
  index: number;
  count: number;
  link: SocialLink;
  errors: { network?: string; url?: string };
  onChange(patch: Partial<SocialLink>): void;
  onMove(to: number): void;
  onRemove(): void;
}) {
  const id = useId();
  const { index: i, link, errors } = props;
  const n = i + 1;
  return (
    <li className="rounded-lg border border-slate-200 p-2.5">
      <div className="flex items-end gap-2">
        <div className="w-36 shrink-0">
          <Label htmlFor={`${id}-network`} className="text-xs">
            Network {n}
          </Label>
          <Select
            id={`${id}-network`}
            className="mt-1"
            value={link.network}
            aria-invalid={errors.network ? true : undefined}
            onChange={(e) => props.onChange({ network: e.target.value as Network })}
          >
            <Options values={SOCIAL_NETWORKS} labels={SOCIAL_LABELS} />
          </Select>
        </div>
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${id}-url`} className="text-xs">
            {SOCIAL_LABELS[link.network]} URL
          </Label>
          <Input
            id={`${id}-url`}
            className="mt-1 font-mono text-[13px]"
            value={link.url}
            spellCheck={false}
            placeholder={EXAMPLE_URL[link.network]}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? `${id}-url-error` : undefined}
            onChange={(e) => props.onChange({ url: e.target.value.trim() })}
          />
        </div>
      </div>
      <FieldError>{errors.network}</FieldError>
      <FieldError id={`${id}-url-error`}>{errors.url}</FieldError>
      <div className="mt-2 flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move link ${n} up`}
          disabled={i === 0}
          onClick={() => props.onMove(i - 1)}
        >
          ↑
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move link ${n} down`}
          disabled={i === props.count - 1}
          onClick={() => props.onMove(i + 1)}
        >
          ↓
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Remove link ${n}`} className="ml-auto" onClick={props.onRemove}>
          <TrashIcon />
          Remove
        </Button>
      </div>
    </li>
  );
}

export const socialBlock = defineBlock<SocialBlock>({
  type: "social",
  label: "Social links",
  description: "Links to your profiles: website, Instagram, LinkedIn…",
  icon: "M8.5 12a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0ZM20.5 6a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0ZM20.5 18a2.5 2.5 0 1 1-5 0 2.5 2.5 0 1 1 5 0ZM8.2 10.9l7.6-3.8M8.2 13.1l7.6 3.8",
  content: () => ({
    links: [
      { network: "website", url: "https://example.com" },
      { network: "instagram", url: "https://instagram.com/example" },
    ],
    align: "center",
  }),
  Canvas: SocialCanvas,
  Settings: SocialSettings,
});
