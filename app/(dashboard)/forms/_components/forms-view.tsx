"use client";
import { useId, useState, type ReactNode } from "react";
import clsx from "clsx";
import { FORM_SORTS, FORM_STATUSES, FORM_TYPES, type Form, type FormStatus, type FormType } from "@/lib/schemas/forms";
import { FORM_STATUS_LABELS, FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { Button } from "@/components/ui/button";
import { StatusTabs } from "@/components/ui/status-tabs";
import { controlClasses } from "@/components/ui/field";
import { FormIcon } from "@/components/ui/icons";
import { ListCard, ListEmpty, ListToolbar, NewLink } from "@/components/ui/list-page";
import { PageHeader } from "@/components/ui/page-header";
import { Options, Select } from "@/components/ui/select";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
import { unwrap } from "@/lib/action-result";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys } from "@/lib/query-keys";
import { listFormsAction } from "../actions";
import { FormsTable } from "./forms-table";
import { useCan } from "@/components/permissions/role-context";

type Sort = (typeof FORM_SORTS)[number];
/** How each sort reads in each direction, as people say it ("newest first" rather than "descending"). */
const ORDER_LABELS: Record<Sort, Record<"asc" | "desc", string>> = {
  createdAt: { desc: "newest first", asc: "oldest first" },
  name: { asc: "A–Z", desc: "Z–A" },
  publishedAt: { desc: "newest first", asc: "oldest first" },
  submissionsCount: { desc: "most first", asc: "fewest first" },
};
const SORT_LABELS: Record<Sort, string> = {
  createdAt: "Created",
  name: "Name",
  publishedAt: "Published",
  submissionsCount: "Submissions",
};

type Props = { workspaceId: string; initial: OffsetPage<Form> };

/** The forms list with the API's filters and sorts (search, status, type, sortBy, order, created from/to). */
export function FormsView({ workspaceId, initial }: Props) {
  const canWrite = useCan("forms.write");
  const list = useListState({ limit: initial.limit });
  const { filter } = list;
  const [status, setStatus] = useState<FormStatus | "">("");
  const [type, setType] = useState<FormType | "">("");
  const [sortBy, setSortBy] = useState<Sort>("createdAt");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");

  const params = {
    page: list.page,
    limit: list.limit,
    search: list.search,
    status,
    type,
    sortBy,
    order,
    from,
    to,
  };
  const filtered = Boolean(list.search || status || type || from || to);
  const listing = useListQuery({
    list,
    queryKey: queryKeys.forms.list(workspaceId, params),
    queryFn: async () => unwrap(await listFormsAction(actionQuery(params))),
    initial,
    isInitial: list.atStart && !filtered && sortBy === "createdAt" && order === "desc",
  });

  const clearFilters = () => {
    list.setSearchInput("");
    setStatus("");
    setType("");
    setFrom("");
    setTo("");
  };
  const sortTo = (by: Sort, direction: "asc" | "desc") => {
    setSortBy(by);
    filter(setOrder)(direction);
  };
  const newLink = <NewLink href="/forms/new">New form</NewLink>;

  return (
    <>
      <PageHeader
        title="Forms"
        description="Sign-up forms for your site: inline, popup, sticky bar, slide-in or a page of their own."
        actions={canWrite && newLink}
      />
      <ListCard
        listing={listing}
        top={
          <>
            <StatusTabs
              statuses={FORM_STATUSES}
              value={status}
              onChange={filter(setStatus)}
              labels={FORM_STATUS_LABELS}
            />
            <ListToolbar
              listing={listing}
              placeholder="Search by name…"
              label="Search forms"
              searchClassName="w-full sm:w-56"
              alignEnd
            >
              <Labelled label="Type">
                {(id) => (
                  <Select
                    id={id}
                    value={type}
                    onChange={(e) => filter(setType)(e.target.value as FormType | "")}
                    className="w-36"
                  >
                    <option value="">All types</option>
                    <Options values={FORM_TYPES} labels={FORM_TYPE_LABELS} />
                  </Select>
                )}
              </Labelled>
              <Labelled label="Sort by">
                {(id) => (
                  <Select
                    id={id}
                    value={`${sortBy}:${order}`}
                    onChange={(e) => sortTo(...(e.target.value.split(":") as [Sort, "asc" | "desc"]))}
                    className="w-48"
                  >
                    {FORM_SORTS.flatMap((s) =>
                      (["desc", "asc"] as const).map((o) => (
                        <option key={`${s}:${o}`} value={`${s}:${o}`}>
                          {SORT_LABELS[s]} ({ORDER_LABELS[s][o]})
                        </option>
                      )),
                    )}
                  </Select>
                )}
              </Labelled>
              <DateFilter label="Created from" value={from} max={to} onChange={filter(setFrom)} />
              <DateFilter label="Created to" value={to} min={from} onChange={filter(setTo)} />
              {filtered && (
                <Button variant="ghost" onClick={clearFilters}>
                  Clear filters
                </Button>
              )}
            </ListToolbar>
          </>
        }
      >
        <FormsTable
          {...listing.table}
          sort={{ key: sortBy, direction: order }}
          onSortChange={(next) => sortTo(next.key as Sort, next.direction)}
          empty={
            <ListEmpty
              icon={FormIcon}
              filtered={filtered}
              noMatch={{
                title: "No forms match",
                description: "Try another status, type, date or search, or clear the filters.",
              }}
              none={{
                title: "No forms yet",
                description: canWrite
                  ? "Build a sign-up form, publish it and paste one line into your site."
                  : "Sign-up forms your team builds show here.",
                action: canWrite && newLink,
              }}
            />
          }
        />
      </ListCard>
    </>
  );
}

/** A filter's small label above its control, tied to it by an id it makes. */
function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A day bound of the created-at range; `min`/`max` keep it on its side of the other bound. */
function DateFilter(props: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const { label, value, min, max, onChange } = props;
  return (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          className={clsx(controlClasses, "h-9 w-36")}
        />
      )}
    </Labelled>
  );
}
