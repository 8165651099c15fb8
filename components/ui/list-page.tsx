"use client";
// The parts every paged list page of the dashboard repeats: the "New …" link of its header, the card with its
// search row, load error and pagination, and the empty state that tells "nothing matches" from "nothing yet".
import clsx from "clsx";
import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { buttonClasses } from "./button-classes";
import { Card } from "./card";
import { EmptyState } from "./empty-state";
import { PlusIcon } from "./icons";
import { PageFooter } from "./pagination";
import { QueryErrorNotice } from "./query-error-notice";
import { SearchInput } from "./search-input";
import { Spinner } from "./spinner";
import type { Listing } from "./use-list-query";

/** The primary "New …" link that opens a list's create page. */
export function NewLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClasses("primary")}>
      <PlusIcon />
      {children}
    </Link>
  );
}

type ListToolbarProps = {
  /** The list (`useListQuery`): its search box (typing starts again at page 1), and whether it is fetching. */
  listing: Pick<Listing, "list" | "query">;
  placeholder: string;
  /** The search box's accessible name, e.g. "Search tags". */
  label: string;
  /** Sizes the search box. */
  searchClassName: string;
  compact?: boolean;
  /** Labelled filters (a label above each control) line up on their controls' bottom edge. */
  alignEnd?: boolean;
  /** The filters after the search box. */
  children?: ReactNode;
};

/** The search and filter row on top of a list's card. */
export function ListToolbar({
  listing: { list, query },
  placeholder,
  label,
  searchClassName,
  compact,
  alignEnd,
  children,
}: ListToolbarProps) {
  return (
    <div
      className={clsx(
        "flex flex-wrap gap-3 border-b border-slate-200 px-5 py-3",
        alignEnd ? "items-end" : "items-center",
      )}
    >
      <SearchInput
        value={list.searchInput}
        onChange={list.setSearchInput}
        placeholder={placeholder}
        label={label}
        className={searchClassName}
        compact={compact}
      />
      {children}
      {query.isFetching && <Spinner className={clsx("text-slate-400", alignEnd && "mb-2.5")} />}
    </div>
  );
}

type EmptyText = { title: string; description: ReactNode };

type ListEmptyProps = {
  icon: ComponentType<{ className?: string }>;
  /** Filters or a search are on: the list is empty because nothing matches them. */
  filtered: boolean;
  noMatch: EmptyText;
  /** Nothing at all yet, with what to do about it (the create link, for those who may create). */
  none: EmptyText & { action?: ReactNode };
};

/** A list's empty state: "nothing matches" while filtered, else "nothing yet" and how to start. */
export function ListEmpty({ icon: Icon, filtered, noMatch, none }: ListEmptyProps) {
  const shown = filtered ? noMatch : none;
  return (
    <EmptyState
      icon={<Icon className="size-5" />}
      title={shown.title}
      description={shown.description}
      action={filtered ? undefined : none.action}
    />
  );
}

type ListCardProps = {
  /** The list's query (`useListQuery`). */
  listing: Pick<Listing, "list" | "query" | "page">;
  /** Above the rows: status tabs, the search and filter row. */
  top?: ReactNode;
  /** The page size is the server's; the footer then shows only when there is more than one page. */
  fixedLimit?: boolean;
  /** The table (with its empty state). */
  children: ReactNode;
};

/** A paged list's card: what sits on top, the load error, the table, and the pagination under it. */
export function ListCard({ listing: { list, query, page }, top, fixedLimit, children }: ListCardProps) {
  return (
    <Card>
      {top}
      <QueryErrorNotice query={query} />
      {children}
      <PageFooter
        result={page}
        page={list.page}
        limit={list.limit}
        onPageChange={list.setPage}
        onLimitChange={fixedLimit ? undefined : list.setLimit}
      />
    </Card>
  );
}
