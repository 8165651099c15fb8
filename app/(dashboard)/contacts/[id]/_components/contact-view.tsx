"use client";
import { useRouter } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { Contact, ContactActivity } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { FormName } from "@/lib/schemas/forms";
import type { Tag } from "@/lib/schemas/tags";
import type { ContactAutomation } from "@/server/services/automations/list-contact-automations";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { useToast } from "@/components/ui/toast";
import { errorMessage, unwrap } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { getContactAction } from "../../actions";
import { useCustomFields, useTagOptions } from "@/features/workspace-lists/ui/use-workspace-lists";
import { TrashIcon } from "@/components/ui/icons";
import { fullName } from "../../_components/contacts-table";
import { StatusBadge } from "@/components/contacts/status-badge";
import { ContactSource } from "@/components/contacts/contact-source";
import { useDeleteContact } from "../../_components/use-contact-mutations";
import { ActivityTimeline } from "./activity-timeline";
import { ContactDetailsForm } from "./contact-details-form";
import { ContactAutomations } from "./contact-automations";
import { ContactTags } from "./contact-tags";

type ContactViewProps = {
  workspaceId: string;
  initial: Contact;
  activity: { data: ContactActivity[]; nextCursor: string | null };
  tags: Tag[];
  fields: CustomField[];
  /** The workspace's forms, for a source `form:<id>` and the timeline's form entries. */
  forms: FormName[];
  /** The automations the contact is or was in, with their step history. */
  automations: ContactAutomation[];
};

export function ContactView({ workspaceId, initial, activity, forms, automations, ...lists }: ContactViewProps) {
  const router = useRouter();
  const toast = useToast();
  const tags = useTagOptions(workspaceId, lists.tags);
  const fields = useCustomFields(workspaceId, lists.fields);
  const tagsById = useMemo(() => new Map(tags.map((t) => [t.id, t])), [tags]);
  const formsById = useMemo(() => new Map(forms.map((f) => [f.id, f])), [forms]);
  // Set before the delete starts: the queries stop, so the refetch after it cannot turn into a "not found".
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContact(workspaceId);
  const canDelete = useCan("contacts.delete");
  const contact =
    useQuery({
      queryKey: queryKeys.contacts.detail(workspaceId, initial.id),
      queryFn: async () => unwrap(await getContactAction({ id: initial.id })),
      initialData: initial,
      enabled: !deleting,
    }).data ?? initial;

  const confirmDelete = () => {
    setDeleting(true);
    remove.mutate(
      { id: contact.id },
      {
        onSuccess: () => {
          toast.success(`${contact.email} deleted.`);
          router.push("/contacts");
        },
        onError: (e) => (setDeleting(false), setConfirming(false), toast.error(errorMessage(e))),
      },
    );
  };

  const name = fullName(contact);
  return (
    <>
      <BackLink href="/contacts">Contacts</BackLink>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-full min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2.5">
            <h1
              title={contact.email}
              className="max-w-full min-w-0 truncate text-xl font-semibold tracking-tight text-slate-900"
            >
              {contact.email}
            </h1>
            <StatusBadge status={contact.status} />
          </div>
          <p className="mt-1 truncate text-sm text-slate-500" title={name || undefined}>
            {name || "No name"}
          </p>
        </div>
        {canDelete && (
          <Button variant="secondary" onClick={() => setConfirming(true)} className="text-red-600 hover:text-red-700">
            <TrashIcon />
            Delete contact
          </Button>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ContactDetailsForm workspaceId={workspaceId} contact={contact} fields={fields} />
          <ContactAutomations
            workspaceId={workspaceId}
            contactId={contact.id}
            initial={automations}
            enabled={!deleting}
          />
          <ActivityTimeline
            workspaceId={workspaceId}
            contactId={contact.id}
            initial={activity}
            tags={tagsById}
            fields={fields}
            forms={formsById}
            enabled={!deleting}
          />
        </div>
        <div className="space-y-6">
          <ContactTags workspaceId={workspaceId} contact={contact} tags={tags} />
          <Card>
            <CardBody>
              <dl className="space-y-3 text-sm">
                <Fact label="Source">
                  <ContactSource source={contact.source} forms={formsById} />
                </Fact>
                <Fact label="Created">
                  <RelativeTime iso={contact.createdAt} />
                </Fact>
                {contact.subscribedAt && (
                  <Fact label="Subscribed">
                    <RelativeTime iso={contact.subscribedAt} />
                  </Fact>
                )}
                {contact.unsubscribedAt && (
                  <Fact label="Unsubscribed">
                    <RelativeTime iso={contact.unsubscribedAt} />
                  </Fact>
                )}
              </dl>
            </CardBody>
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title={`Delete ${contact.email}?`}
        description="Deleting erases this contact's personal data: email, names, fields, tags and activity. Sending statistics keep anonymous counts. This cannot be undone."
        confirmLabel="Delete contact"
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-800">{children}</dd>
    </div>
  );
}
