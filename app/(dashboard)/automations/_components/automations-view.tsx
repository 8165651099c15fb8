"use client";
// The automations list: status tabs, a name search, each automation's trigger, who is inside, how many entered and
// converted, and its menu; "New automation" opens the start dialog (blank or a template) and then the builder.
import { useState } from "react";
import { AUTOMATION_STATUSES, type Automation } from "@/lib/schemas/automations";
import { Button } from "@/components/ui/button";
import { AutomationIcon, PlusIcon } from "@/components/ui/icons";
import { ListCard, ListEmpty, ListToolbar } from "@/components/ui/list-page";
import { PageHeader } from "@/components/ui/page-header";
import { StatusTabs } from "@/components/ui/status-tabs";
import { actionQuery, useListQuery, useListState } from "@/components/ui/use-list-query";
import { useCan } from "@/components/permissions/role-context";
import { unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { listAutomationsAction } from "../actions";
import type { AutomationListData } from "../_lib/load-list";
import { AutomationsTable } from "./automations-table";
import { NewAutomationDialog } from "./new-automation-dialog";
import { AUTOMATION_STATUS_LABELS } from "./status-badge";

/** Contacts move through active automations on their own; the counts follow while the list is open. */
const REFRESH_MS = 15_000;

type Props = { workspaceId: string; initial: AutomationListData };

export function AutomationsView({ workspaceId, initial }: Props) {
  const canWrite = useCan("broadcasts.write");
  const list = useListState({ limit: initial.page.limit });
  const [status, setStatus] = useState<Automation["status"] | "">("");
  const [creating, setCreating] = useState(false);

  const params = { page: list.page, limit: list.limit, search: list.search, status };
  const listing = useListQuery({
    list,
    queryKey: queryKeys.automations.list(workspaceId, params),
    queryFn: async () => unwrap(await listAutomationsAction(actionQuery(params))),
    initial,
    isInitial: list.atStart && !status,
    pageOf: (d) => d.page,
    refetchInterval: (q) => (q.state.data?.page.data.some((a) => a.status === "active") ? REFRESH_MS : false),
  });
  const filtered = Boolean(list.search || status);
  const newButton = canWrite && (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon />
      New automation
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Automations"
        description="Emails that go out on their own: welcome series, birthday greetings, follow-ups."
        actions={newButton}
      />
      <ListCard
        listing={listing}
        top={
          <>
            <StatusTabs
              statuses={AUTOMATION_STATUSES}
              value={status}
              onChange={list.filter(setStatus)}
              labels={AUTOMATION_STATUS_LABELS}
            />
            <ListToolbar
              listing={listing}
              placeholder="Search by name…"
              label="Search automations"
              searchClassName="w-full sm:w-72"
            />
          </>
        }
      >
        <AutomationsTable
          {...listing.table}
          workspaceId={workspaceId}
          names={listing.data.names}
          empty={
            <ListEmpty
              icon={AutomationIcon}
              filtered={filtered}
              noMatch={{
                title: "No automations match",
                description: "Try another status or search, or clear the filters.",
              }}
              none={{
                title: "No automations yet",
                description: canWrite
                  ? "Start from a welcome series, a re-engagement campaign or a birthday email, or build your own."
                  : "Automations your team builds show here.",
                action: newButton,
              }}
            />
          }
        />
      </ListCard>
      {canWrite && <NewAutomationDialog workspaceId={workspaceId} open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
