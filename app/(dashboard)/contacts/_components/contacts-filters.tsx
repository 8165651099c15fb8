"use client";
import { CONTACT_STATUSES, type ContactStatus } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Segment } from "@/lib/schemas/segments";
import type { Tag } from "@/lib/schemas/tags";
import { Select } from "@/components/ui/select";
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

const selectClasses = "w-full text-[13px] sm:w-40";

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
      <Select
        aria-label="Filter by status"
        className={selectClasses}
        value={filters.status}
        onChange={(e) => set({ status: e.target.value as ContactStatus | "" })}
      >
        <option value="">All statuses</option>
        {CONTACT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Filter by tag"
        className={selectClasses}
        value={filters.tagId}
        onChange={(e) => set({ tagId: e.target.value })}
      >
        <option value="">All tags</option>
        {tags.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Filter by segment"
        className={selectClasses}
        value={filters.segmentId}
        onChange={(e) => set({ segmentId: e.target.value })}
      >
        <option value="">All segments</option>
        {/* A segment named in the URL but unknown here still shows, so the filter never hides what it applies. */}
        {filters.segmentId && !segments.some((s) => s.id === filters.segmentId) && (
          <option value={filters.segmentId}>Unknown segment</option>
        )}
        {segments.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      <div className="ml-auto flex items-center gap-2">
        {props.fetching && <Spinner className="text-slate-400" />}
        <ColumnChooser columns={props.columns} fields={props.fields} onChange={props.onColumnsChange} />
      </div>
    </div>
  );
}
