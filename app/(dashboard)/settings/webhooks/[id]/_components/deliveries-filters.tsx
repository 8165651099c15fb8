"use client";
import { useId } from "react";
import { TEST_EVENT_TYPE, webhookEventTypes } from "@/lib/schemas/webhook-events";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

export type DeliveryFilters = {
  status: "" | "success" | "failed";
  eventType: string;
  /** The datetime-local input's value (local time, no zone), or "". */
  since: string;
};

export const NO_FILTERS: DeliveryFilters = { status: "", eventType: "", since: "" };

/** datetime-local has no time zone: it means the browser's, which `new Date` assumes too. */
export function sinceToIso(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

const selectClasses = "w-full text-[13px] sm:w-44";

export function DeliveriesFilters({
  value,
  onChange,
}: {
  value: DeliveryFilters;
  onChange: (filters: DeliveryFilters) => void;
}) {
  const sinceId = useId();
  const set = (patch: Partial<DeliveryFilters>) => onChange({ ...value, ...patch });
  const any = value.status || value.eventType || value.since;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-5 py-3">
      <Select
        aria-label="Filter by status"
        className={selectClasses}
        value={value.status}
        onChange={(e) => {
          const status = e.target.value;
          set({ status: status === "success" || status === "failed" ? status : "" });
        }}
      >
        <option value="">All statuses</option>
        <option value="success">Succeeded</option>
        <option value="failed">Failed</option>
      </Select>
      <Select
        aria-label="Filter by event type"
        className={selectClasses}
        value={value.eventType}
        onChange={(e) => set({ eventType: e.target.value })}
      >
        <option value="">All event types</option>
        {webhookEventTypes.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
        <option value={TEST_EVENT_TYPE}>{TEST_EVENT_TYPE} (tests)</option>
      </Select>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <label htmlFor={sinceId} className="text-[13px] whitespace-nowrap text-slate-500">
          Since
        </label>
        <input
          id={sinceId}
          type="datetime-local"
          value={value.since}
          onChange={(e) => set({ since: e.target.value })}
          className={`${controlClasses} h-9 min-w-0 flex-1 text-[13px] sm:w-52 sm:flex-none`}
        />
      </div>
      {any && (
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
