"use client";
// The builder's header: back to the list, the automation's name, status and saved state, the checklist, and the
// status moves this person may make (activate a draft, pause an active automation, resume a paused one).
import Link from "next/link";
import type { Automation } from "@/lib/schemas/automations";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { SaveStatus } from "@/features/composer/ui/save-status";
import type { SaveState } from "@/features/composer/ui/use-autosave";

const STATUS_TONE: Record<Automation["status"], BadgeTone> = {
  draft: "neutral",
  active: "green",
  paused: "amber",
  archived: "neutral",
};

type Props = {
  name: string;
  status: Automation["status"];
  /** Null for a reader: nothing is saved, so nothing to say. */
  saveState: SaveState | null;
  problems: number;
  canSend: boolean;
  busy: "activate" | "pause" | null;
  onChecklist(): void;
  onMove(which: "activate" | "pause"): void;
};

export function BuilderHeader({ name, status, saveState, problems, canSend, busy, onChecklist, onMove }: Props) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-4 py-2.5">
      <div className="flex min-w-0 basis-full items-center gap-2 md:flex-1 md:basis-0">
        <Link
          href="/automations"
          className="flex shrink-0 items-center gap-1 rounded text-[13px] text-slate-500 hover:text-slate-800"
          aria-label="Back to automations"
        >
          <ChevronLeftIcon className="size-4" />
          <span className="hidden xl:inline">Automations</span>
        </Link>
        <h1 className="min-w-0 truncate text-[15px] font-semibold text-slate-900" title={name}>
          {name}
        </h1>
        <span data-testid="automation-status">
          <Badge tone={STATUS_TONE[status]}>{status}</Badge>
        </span>
        {saveState && <SaveStatus state={saveState} />}
      </div>
      <div className="ml-auto flex items-center gap-1.5">
        <Button variant="secondary" size="sm" onClick={onChecklist}>
          Checklist{problems ? ` (${problems})` : ""}
        </Button>
        {canSend && status === "draft" && (
          <Button size="sm" loading={busy === "activate"} onClick={() => onMove("activate")}>
            Activate
          </Button>
        )}
        {canSend && status === "active" && (
          <Button variant="secondary" size="sm" loading={busy === "pause"} onClick={() => onMove("pause")}>
            Pause
          </Button>
        )}
        {canSend && status === "paused" && (
          <Button size="sm" loading={busy === "activate"} onClick={() => onMove("activate")}>
            Resume
          </Button>
        )}
      </div>
    </header>
  );
}
