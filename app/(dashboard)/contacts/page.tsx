import type { Metadata } from "next";
import { ZUuid } from "@/lib/schemas/common";
import { ZContactStatus, ZListContactsQuery } from "@/lib/schemas/contacts";
import { listContacts } from "@/server/services/contacts/list-contacts";
import { listFormNames } from "@/server/services/forms/list-form-names";
import { dashboardContext } from "../_lib/dashboard-context";
import { loadAllCustomFields, loadAllSegments, loadAllTags } from "@/server/services/workspace-lists/load-all";
import type { ContactFilters } from "./_components/contacts-filters";
import { ContactsView } from "./_components/contacts-view";

export const metadata: Metadata = { title: "Contacts" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
const uuidOrEmpty = (v: string) => (ZUuid.safeParse(v).success ? v : "");

export default async function ContactsPage({ searchParams }: { searchParams: SearchParams }) {
  const { workspace } = await dashboardContext("audience");
  const sp = await searchParams;
  // Bookmarked or linked filters ("View contacts" of a segment); malformed ones are dropped rather than failing.
  const status = ZContactStatus.safeParse(one(sp.status));
  const filters: ContactFilters = {
    search: one(sp.search).slice(0, 254),
    status: status.success ? status.data : "",
    tagId: uuidOrEmpty(one(sp.tagId)),
    segmentId: uuidOrEmpty(one(sp.segmentId)),
  };
  const [initial, tags, fields, segments, forms] = await Promise.all([
    listContacts({
      workspaceId: workspace.id,
      query: ZListContactsQuery.parse({
        limit: "50",
        ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.tagId ? { tagId: filters.tagId } : {}),
        ...(filters.segmentId ? { segmentId: filters.segmentId } : {}),
      }),
      // An unknown tag or segment id is a validation error: the client query then shows it beside the filters.
    }).catch(() => null),
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
    loadAllSegments(workspace.id),
    listFormNames({ workspaceId: workspace.id }),
  ]);
  return (
    <ContactsView
      key={workspace.id}
      workspaceId={workspace.id}
      initialFilters={filters}
      initial={initial}
      tags={tags}
      fields={fields}
      segments={segments}
      forms={forms}
    />
  );
}
