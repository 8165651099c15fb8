"use client";
// A time zone chosen from the IANA list, narrowed by a search field: a plain select (keyboard and screen readers
// for free) that keeps the chosen zone listed whatever is typed. Used by the workspace settings and the schedule
// dialog; its list and count come from time-zones.ts.
import { useId, useMemo, useState } from "react";
import { FieldError, FieldHint, Label } from "./field";
import { Select } from "./select";
import { TextField } from "./text-field";
import { searchZones, zoneCountText, zoneList } from "./time-zones";

type Props = {
  label: string;
  value: string;
  onChange: (zone: string) => void;
  /** The runtime's IANA zones (Intl.supportedValuesOf("timeZone")); UTC is added. */
  zones: readonly string[];
  error?: string;
  hint?: string;
  /** Words after a zone's name in its option (" (yours)"). */
  suffix?: (zone: string) => string;
  /** The select's id, for a label or a focus elsewhere. */
  id?: string;
};

/** Two fields (the search, then the select): the caller lays them out, side by side or one under the other. */
export function TimeZonePicker({ label, value, onChange, zones, error, hint, suffix, id }: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  const [query, setQuery] = useState("");
  const list = useMemo(() => zoneList(zones), [zones]);
  const search = searchZones(list, value, query);
  return (
    <>
      <TextField
        label="Find a time zone"
        type="search"
        value={query}
        placeholder="Paris, New York, Tokyo…"
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
        hint={zoneCountText(search, query)}
      />
      <div>
        <Label htmlFor={selectId}>{label}</Label>
        <Select
          id={selectId}
          className="mt-1.5"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : hint ? `${selectId}-hint` : undefined}
        >
          {search.options.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll("_", " ")}
              {suffix?.(z) ?? ""}
            </option>
          ))}
        </Select>
        <FieldError id={`${selectId}-error`}>{error}</FieldError>
        {!error && <FieldHint id={`${selectId}-hint`}>{hint}</FieldHint>}
      </div>
    </>
  );
}
