"use client";
import { useId, useState, type ReactNode } from "react";
import Link from "next/link";
import clsx from "clsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FORM_SORTS, FORM_STATUSES, FORM_TYPES, type Form, type FormStatus, type FormType } from "@/lib/schemas/forms";
import { FORM_STATUS_LABELS, FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { StatusTabs } from "@/components/ui/status-tabs";
import { EmptyState } from "@/components/ui/empty-state";
import { controlClasses } from "@/components/ui/field";
import { FormIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { PageFooter } from "@/components/ui/pagination";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { SearchInput } from "@/components/ui/search-input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { unwrap } from "@/lib/action-result";
import type { OffsetPage } from "@/lib/pages";
import { queryKeys, type FormListParams } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
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
  const ids = { type: useId(), sort: useId(), from: useId(), to: useId() };
  const [status, setStatus] = useState<FormStatus | "">("");
  const [type, setType] = useState<FormType | "">("");
  const [sortBy, setSortBy] = useState<Sort>("createdAt");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initial.limit);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());

  const params: FormListParams = { page, limit, search, status, type, sortBy, order, from, to };
  const filtered = Boolean(search || status || type || from || to);
  const isInitial = page === 1 && limit === initial.limit && !filtered && sortBy === "createdAt" && order === "desc";
  const query = useQuery({
    queryKey: queryKeys.forms.list(workspaceId, params),
    queryFn: async () =>
      unwrap(
        await listFormsAction({
          page: String(page),
          limit: String(limit),
          sortBy,
          order,
          ...(search ? { search } : {}),
          ...(status ? { status } : {}),
          ...(type ? { type } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        }),
      ),
    initialData: isInitial ? initial : undefined,
    placeholderData: keepPreviousData,
  });
  const rows = query.data ?? initial;
  if (rows.totalPages > 0 && page > rows.totalPages && !query.isPlaceholderData) setPage(rows.totalPages);

  const clearFilters = () => {
    setSearchInput("");
    setStatus("");
    setType("");
    setFrom("");
    setTo("");
    setPage(1);
  };

  /** Every filter change starts again at page 1. */
  const choose =
    <T,>(set: (v: T) => void) =>
    (v: T) => (set(v), setPage(1));

  return (
    <>
      <PageHeader
        title="Forms"
        description="Sign-up forms for your site: inline, popup, sticky bar, slide-in or a page of their own."
        actions={
          canWrite && (
            <Link href="/forms/new" className={buttonClasses("primary")}>
              <PlusIcon />
              New form
            </Link>
          )
        }
      />
      <Card>
        <StatusTabs statuses={FORM_STATUSES} value={status} onChange={choose(setStatus)} labels={FORM_STATUS_LABELS} />
        <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-5 py-3">
          <SearchInput
            value={searchInput}
            onChange={(v) => (setSearchInput(v), setPage(1))}
            placeholder="Search by name…"
            label="Search forms"
            className="w-full sm:w-56"
          />
          <Labelled id={ids.type} label="Type">
            <Select
              id={ids.type}
              value={type}
              onChange={(e) => choose(setType)(e.target.value as FormType | "")}
              className="w-36"
            >
              <option value="">All types</option>
              {FORM_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FORM_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Labelled>
          <Labelled id={ids.sort} label="Sort by">
            <Select
              id={ids.sort}
              value={`${sortBy}:${order}`}
              onChange={(e) => {
                const [by, dir] = e.target.value.split(":") as [Sort, "asc" | "desc"];
                setSortBy(by);
                choose(setOrder)(dir);
              }}
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
          </Labelled>
          <Labelled id={ids.from} label="Created from">
            <input
              id={ids.from}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => choose(setFrom)(e.target.value)}
              className={clsx(controlClasses, "h-9 w-36")}
            />
          </Labelled>
          <Labelled id={ids.to} label="Created to">
            <input
              id={ids.to}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => choose(setTo)(e.target.value)}
              className={clsx(controlClasses, "h-9 w-36")}
            />
          </Labelled>
          {filtered && (
            <Button variant="ghost" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
          {query.isFetching && <Spinner className="mb-2.5 text-slate-400" />}
        </div>
        <QueryErrorNotice query={query} />
        <FormsTable
          forms={rows.data}
          stale={query.isPlaceholderData}
          sort={{ key: sortBy, direction: order }}
          onSortChange={(next) => {
            setSortBy(next.key as Sort);
            choose(setOrder)(next.direction);
          }}
          empty={
            <EmptyState
              icon={<FormIcon className="size-5" />}
              title={filtered ? "No forms match" : "No forms yet"}
              description={
                filtered
                  ? "Try another status, type, date or search, or clear the filters."
                  : canWrite
                    ? "Build a sign-up form, publish it and paste one line into your site."
                    : "Sign-up forms your team builds show here."
              }
              action={
                filtered || !canWrite ? undefined : (
                  <Link href="/forms/new" className={buttonClasses("primary")}>
                    <PlusIcon />
                    New form
                  </Link>
                )
              }
            />
          }
        />
        <PageFooter result={rows} page={page} limit={limit} onPageChange={setPage} onLimitChange={setLimit} />
      </Card>
    </>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}
