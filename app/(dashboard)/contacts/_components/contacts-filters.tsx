"use client";
import type { ReactNode } from "react";
import { CONTACT_STATUSES, type ContactStatus } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { Options, Select } from "@/components/ui/select";
import { RecordOptions } from "@/components/ui/record-options";
import { Spinner } from "@/components/ui/spinner";
import { ColumnChooser } from "./column-chooser";
import { STATUS_LABELS } from "@/components/contacts/status-badge";
import { SearchInput } from "@/components/ui/search-input";

export type ContactFilters = { search: string; status: ContactStatus | ""; tagId: string; segmentId: string };

type ContactsFiltersProps = {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
  tags: Tag[];
  segments: Segment[];
  fields: CustomField[];
  columns: string[];
  onColumnsChange: (columns: string[]) => void;
  fetching: boolean;
};

/** A compact filter: "All …" (the empty value) first, then the choices. */
function FilterSelect(props: {
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Select
      aria-label={props.label}
      className="w-full text-[13px] sm:w-40"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">{props.all}</option>
      {props.children}
    </Select>
  );
}

export function ContactsFilters(props: ContactsFiltersProps) {
  const { filters, onChange, tags, segments } = props;
  const set = (patch: Partial<ContactFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-5 py-3">
      <SearchInput
        value={filters.search}
        onChange={(v) => set({ search: v })}
        placeholder="Search email or name…"
        label="Search contacts"
        className="w-full sm:w-64"
      />
      <FilterSelect
        label="Filter by status"
        all="All statuses"
        value={filters.status}
        onChange={(status) => set({ status: status as ContactStatus | "" })}
      >
        <Options values={CONTACT_STATUSES} labels={STATUS_LABELS} />
      </FilterSelect>
      <FilterSelect label="Filter by tag" all="All tags" value={filters.tagId} onChange={(tagId) => set({ tagId })}>
        <RecordOptions records={tags} />
      </FilterSelect>
      <FilterSelect
        label="Filter by segment"
        all="All segments"
        value={filters.segmentId}
        onChange={(segmentId) => set({ segmentId })}
      >
        {/* A segment named in the URL but unknown here still shows, so the filter never hides what it applies. */}
        {filters.segmentId && !segments.some((s) => s.id === filters.segmentId) && (
          <option value={filters.segmentId}>Unknown segment</option>
        )}
        <RecordOptions records={segments} />
      </FilterSelect>
      <div className="ml-auto flex items-center gap-2">
        {props.fetching && <Spinner className="text-slate-400" />}
        <ColumnChooser columns={props.columns} fields={props.fields} onChange={props.onColumnsChange} />
      </div>
    </div>
  );
}
