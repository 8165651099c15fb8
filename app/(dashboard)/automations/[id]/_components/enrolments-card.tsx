"use client";
// Who is or was in the automation: one row per entry (a contact who entered twice has two), filtered by status or
// by the step they are at, or found by their address; keyset pages (Previous walks back through the cursors seen).
// A row leads to the contact; a sender may take a contact out (confirmed) or add one by address.
import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Automation, Enrolment } from "@/lib/schemas/automations";
import { RUN_STATUSES } from "@/lib/schemas/automations";
import { useCan } from "@/components/permissions/role-context";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RowAction } from "@/components/ui/data-table";
import { ChevronLeftIcon, ChevronRightIcon, UserPlusIcon } from "@/components/ui/icons";
import { QueryErrorNotice } from "@/components/ui/query-error-notice";
import { SearchInput } from "@/components/ui/search-input";
import { Table, TBody, TH, THead } from "@/components/ui/table";
import { Options, Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { formatNumber } from "@/lib/format";
import { queryKeys } from "@/lib/query-keys";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { flowOrder, stepText, type AutomationNames } from "../../_lib/describe";
import { listEnrolmentsAction, removeEnrolmentAction } from "../../report-actions";
import { AddContactDialog } from "./add-contact-dialog";
import { RUN_STATUS_LABELS } from "../../_components/status-badge";
import { EnrolmentRow } from "./enrolment-row";

type Props = { workspaceId: string; automation: Automation; names: AutomationNames };

export function EnrolmentsCard({ workspaceId, automation, names }: Props) {
  const toast = useToast();
  const qc = useQueryClient();
  const canSend = useCan("broadcasts.send");
  const [status, setStatus] = useState<Enrolment["status"] | "">("");
  const [stepId, setStepId] = useState("");
  const [search, setSearch] = useState("");
  const email = useDebouncedValue(search.trim());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Enrolment | null>(null);
  // The cursors of the pages seen, so Previous goes back without offsets; any change of selection starts over.
  const [cursors, setCursors] = useState<string[]>([]);
  const selection = { status: status || undefined, stepId: stepId || undefined, email: email || undefined };
  const selectionKey = JSON.stringify(selection);
  const [seenKey, setSeenKey] = useState(selectionKey);
  if (seenKey !== selectionKey) {
    setSeenKey(selectionKey);
    setCursors([]);
  }
  const cursor = cursors.at(-1);
  const query = useQuery({
    queryKey: queryKeys.automations.enrolments(workspaceId, automation.id, { ...selection, cursor }),
    queryFn: async () => unwrap(await listEnrolmentsAction({ id: automation.id, ...selection, cursor })),
    placeholderData: keepPreviousData,
    refetchInterval: automation.status === "active" ? 10_000 : false,
  });
  const remove = useMutation({
    mutationFn: async (run: Enrolment) => unwrap(await removeEnrolmentAction({ id: automation.id, runId: run.id })),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.automations.all(workspaceId) }),
  });
  const steps = flowOrder(automation.startStepId, automation.steps);
  const stepName = (id: string | null) => {
    const step = id ? automation.steps.find((s) => s.id === id) : undefined;
    return step ? stepText(step, names) : id ? `Removed step “${id}”` : null;
  };
  const page = query.data;
  const filtered = Boolean(status || stepId || email);
  const closeRemove = () => (remove.reset(), setRemoving(null));
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing, {
      onSuccess: () => (toast.success(`${removing.email} left “${automation.name}”.`), setRemoving(null)),
    });

  return (
    <Card className="min-w-0" data-testid="enrolments">
      <CardHeader
        title="Contacts"
        description="Everyone who entered, the step they are at, and how they left. A contact who entered twice has two rows."
        actions={
          canSend &&
          automation.status === "active" && (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              <UserPlusIcon />
              Add a contact
            </Button>
          )
        }
      />
      <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3 sm:flex-row sm:flex-wrap sm:items-center">
        <label className="flex items-center gap-2 text-[13px] text-slate-600">
          <span className="whitespace-nowrap">Status</span>
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value as Enrolment["status"] | "")}
            className="h-8 w-auto text-[13px]"
          >
            <option value="">Any</option>
            <Options values={RUN_STATUSES} labels={RUN_STATUS_LABELS} />
          </Select>
        </label>
        <label className="flex min-w-0 items-center gap-2 text-[13px] text-slate-600">
          <span className="whitespace-nowrap">At step</span>
          <Select
            value={stepId}
            onChange={(e) => setStepId(e.target.value)}
            className="h-8 w-auto max-w-64 min-w-0 text-[13px]"
          >
            <option value="">Any step</option>
            {steps.map(({ step }) => (
              <option key={step.id} value={step.id}>
                {stepText(step, names)}
              </option>
            ))}
          </Select>
        </label>
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Exact email address"
          label="Find a contact by email"
          className="sm:w-64"
          compact
        />
      </div>
      <QueryErrorNotice query={query} />
      {page && page.data.length > 0 && (
        <Table aria-busy={query.isFetching}>
          <caption className="sr-only">Contacts in {automation.name}</caption>
          <THead>
            <tr>
              <TH>Contact</TH>
              <TH>Status</TH>
              <TH>Step</TH>
              <TH>Entered</TH>
              <TH>Finished</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {page.data.map((run) => (
              <EnrolmentRow
                key={run.id}
                run={run}
                stepName={stepName(run.stepId)}
                action={
                  canSend &&
                  run.status === "active" && (
                    <RowAction danger onClick={() => setRemoving(run)} aria-label={`Remove ${run.email}`}>
                      Remove
                    </RowAction>
                  )
                }
              />
            ))}
          </TBody>
        </Table>
      )}
      {page && page.data.length === 0 && (
        <p className="px-5 py-6 text-center text-[13px] text-slate-500">
          {email && !status && !stepId
            ? `No contact with the address ${email} is or was in this automation.`
            : filtered
              ? "Nobody matches."
              : "Nobody has entered yet."}
        </p>
      )}
      <nav
        aria-label="Contact pages"
        className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-[13px] text-slate-500"
      >
        <span className="tabular-nums" aria-live="polite">
          Page {formatNumber(cursors.length + 1)}
        </span>
        <div className="flex gap-1">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setCursors((c) => c.slice(0, -1))}
            disabled={cursors.length === 0}
          >
            <ChevronLeftIcon className="size-3.5" />
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}
            disabled={!page?.nextCursor || query.isPlaceholderData}
          >
            Next
            <ChevronRightIcon className="size-3.5" />
          </Button>
        </div>
      </nav>
      {canSend && (
        <AddContactDialog
          workspaceId={workspaceId}
          automation={automation}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={closeRemove}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : undefined}
        title={`Remove ${removing?.email ?? ""} from “${automation.name}”?`}
        description="They leave at once, from the step they are at, and count as exited. Emails already sent stay sent; queued ones are not sent. Whether they can be added again later depends on the automation's re-entry rule."
        confirmLabel="Remove contact"
      />
    </Card>
  );
}
