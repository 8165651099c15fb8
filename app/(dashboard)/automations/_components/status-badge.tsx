import type { Automation, Enrolment } from "@/lib/schemas/automations";
import { Badge, type BadgeTone } from "@/components/ui/badge";

type Status = Automation["status"];

export const AUTOMATION_STATUS_LABELS: Record<Status, string> = {
  draft: "Draft",
  active: "Active",
  paused: "Paused",
  archived: "Archived",
};

const tones: Record<Status, BadgeTone> = { draft: "neutral", active: "green", paused: "amber", archived: "neutral" };

export function AutomationStatusBadge({ status }: { status: Status }) {
  return (
    <Badge tone={tones[status]}>
      {status === "active" && (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
      )}
      {AUTOMATION_STATUS_LABELS[status]}
    </Badge>
  );
}

export const RUN_STATUS_LABELS: Record<Enrolment["status"], string> = {
  active: "Inside",
  completed: "Completed",
  exited: "Exited",
};
const RUN_TONES: Record<Enrolment["status"], BadgeTone> = { active: "brand", completed: "green", exited: "neutral" };

/** A run's status as a badge, "Converted" beside it when it reached a goal. */
export function RunStatus({ status, converted }: Pick<Enrolment, "status" | "converted">) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={RUN_TONES[status]}>{RUN_STATUS_LABELS[status]}</Badge>
      {converted && <Badge tone="green">Converted</Badge>}
    </span>
  );
}
