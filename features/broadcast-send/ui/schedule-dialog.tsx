"use client";
import { useMemo, useState, type FormEvent } from "react";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { instantInZone, wallTimeIn } from "@/lib/zoned-time";
import { PointerActionError } from "@/lib/pointer-errors";
import { useSchedule } from "./use-send-actions";
import { useLocalZone } from "./use-local-zone";

/** Where a wall-clock time comes first (UTC+14): a subscriber-zone send starts at that moment there. */
const EARLIEST_ZONE = "Pacific/Kiritimati";

type Props = {
  open: boolean;
  onClose: () => void;
  broadcast: Broadcast;
  saveNow: () => Promise<Broadcast | null>;
  onScheduled: (b: Broadcast) => void;
  /** The server refused the schedule (a past moment, or the broadcast changed elsewhere). */
  onRefused?: () => void;
};

export function ScheduleDialog({ open, onClose, broadcast, saveNow, onScheduled, onRefused }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={broadcast.status === "scheduled" ? "Change the schedule" : "Schedule"}
      description="Checked like a send: the broadcast must be complete to be scheduled."
    >
      <ScheduleForm
        onClose={onClose}
        broadcast={broadcast}
        saveNow={saveNow}
        onScheduled={onScheduled}
        onRefused={onRefused}
      />
    </Dialog>
  );
}

type Mode = "fixed" | "subscriber";

/** Where the form starts: the current schedule when there is one, else tomorrow 09:00 in the browser's zone. */
function initialValues(b: Broadcast, zone: string) {
  if (b.status === "scheduled" && b.timezoneMode === "subscriber" && b.localDate && b.localTime)
    return { mode: "subscriber" as Mode, date: b.localDate, time: b.localTime };
  if (b.status === "scheduled" && b.scheduledAt) {
    const wall = wallTimeIn(new Date(b.scheduledAt), zone);
    return { mode: "fixed" as Mode, date: wall.localDate, time: wall.localTime };
  }
  const tomorrow = wallTimeIn(new Date(Date.now() + 24 * 3600_000), zone);
  return { mode: "fixed" as Mode, date: tomorrow.localDate, time: "09:00" };
}

const describeMoment = (at: Date, zone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short", timeZone: zone }).format(at);

function ScheduleForm({ onClose, broadcast, saveNow, onScheduled, onRefused }: Omit<Props, "open">) {
  const toast = useToast();
  const userZone = useLocalZone();
  // Rendered only while the dialog is open, in the browser: its ICU's list is the one its select can show.
  // The user's own zone stays offered even when the list names it otherwise (an alias such as Etc/UTC).
  const zones = useMemo(() => {
    const list = Intl.supportedValuesOf("timeZone");
    return list.includes(userZone) ? list : [userZone, ...list];
  }, [userZone]);
  const start = useMemo(() => initialValues(broadcast, userZone), [broadcast, userZone]);
  const [mode, setMode] = useState<Mode>(start.mode);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [zone, setZone] = useState(userZone);
  const [saveFailed, setSaveFailed] = useState(false);
  const schedule = useSchedule(broadcast.workspaceId);

  // A refusal is about the moment it was given: it goes once the moment changes.
  const edit = <T,>(set: (value: T) => void, value: T) => {
    set(value);
    if (schedule.isError) schedule.reset();
  };

  const moment = mode === "fixed" ? instantInZone(date, time, zone) : instantInZone(date, time, EARLIEST_ZONE);
  const pointers = schedule.error instanceof PointerActionError ? schedule.error.pointers : [];
  // The service refuses a past or too distant moment at the field it came from; the readiness check's pieces
  // (subject, sender…) are listed in the notice.
  const whenError = pointers.find(
    (p) =>
      /^#\/schedule\/(scheduledAt|localDate|localTime)/.test(p.pointer) ||
      /^#\/(scheduledAt|localDate|localTime)$/.test(p.pointer),
  )?.detail;
  const other = pointers.filter((p) => p.detail !== whenError).map((p) => p.detail);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!moment) return;
    setSaveFailed(false);
    const saved = await saveNow();
    if (!saved) return setSaveFailed(true);
    const input =
      mode === "fixed"
        ? { timezoneMode: "fixed" as const, scheduledAt: moment }
        : { timezoneMode: "subscriber" as const, localDate: date, localTime: time };
    schedule.mutate(
      { id: saved.id, schedule: input },
      {
        onSuccess: (b) => {
          onScheduled(b);
          onClose();
          toast.success(`Scheduled: ${scheduleSummary(b, userZone)}.`);
        },
        onError: () => onRefused?.(),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {saveFailed && <Notice tone="error">The draft could not be saved, so nothing was scheduled. Try again.</Notice>}
      {schedule.isError && (other.length > 0 || pointers.length === 0) && (
        <Notice tone="error">
          {other.length ? (
            <ul className="list-disc pl-4">
              {[...new Set(other)].map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : (
            errorMessage(schedule.error)
          )}
        </Notice>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Time zone</legend>
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <ModeOption
            checked={mode === "fixed"}
            onChoose={() => edit(setMode, "fixed")}
            label="One moment for everyone"
            description="A date and time in the zone you choose."
            autoFocus
          />
          <ModeOption
            checked={mode === "subscriber"}
            onChoose={() => edit(setMode, "subscriber")}
            label="Each contact's own time zone"
            description="Everyone gets it at that time their time (the workspace's default zone for contacts without one)."
          />
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Date" type="date" value={date} onChange={(e) => edit(setDate, e.target.value)} required />
        <TextField label="Time" type="time" value={time} onChange={(e) => edit(setTime, e.target.value)} required />
      </div>
      {mode === "fixed" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TimeZonePicker
            id="schedule-zone"
            label="In the time zone"
            value={zone}
            onChange={(z) => edit(setZone, z)}
            zones={zones}
            suffix={(z) => (z === userZone ? " (yours)" : "")}
          />
        </div>
      )}
      <p className="text-sm text-slate-600" data-testid="schedule-moment" aria-live="polite">
        {!moment
          ? "Choose a date and a time."
          : mode === "fixed"
            ? `Sends ${describeMoment(moment, userZone)}, your time (${userZone}).`
            : `Each contact gets it at ${time} on ${date} their time. Sending starts ${describeMoment(moment, userZone)} your time, where that moment comes first (UTC+14), and ends about 26 hours later.`}
      </p>
      {whenError && (
        <p role="alert" className="text-[13px] text-red-600">
          {whenError}
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={schedule.isPending} disabled={!moment}>
          {broadcast.status === "scheduled" ? "Reschedule" : "Schedule"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** One way of reading the time zone: a radio with its name and what it means. */
function ModeOption(props: {
  checked: boolean;
  onChoose: () => void;
  label: string;
  description: string;
  autoFocus?: boolean;
}) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="radio"
        name="timezone-mode"
        checked={props.checked}
        onChange={props.onChoose}
        className="mt-0.5 size-4 text-brand-600"
        data-autofocus={props.autoFocus || undefined}
      />
      <span>
        {props.label}
        <span className="block text-[13px] text-slate-500">{props.description}</span>
      </span>
    </label>
  );
}

/** "Mon, 1 Dec 2026, 09:00" in the user's zone, or "09:00 on 2026-12-01 in each contact's time zone". */
export function scheduleSummary(b: Broadcast, userZone: string): string {
  if (b.timezoneMode === "subscriber" && b.localDate && b.localTime)
    return `${b.localTime} on ${b.localDate} in each contact's time zone`;
  if (!b.scheduledAt) return "no time set";
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone: userZone }).format(
    new Date(b.scheduledAt),
  );
}
