import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ZUuid } from "@/lib/schemas/common";
import { AppError } from "@/server/errors";
import { getContact } from "@/server/services/contacts/get-contact";
import { listContactActivity } from "@/server/services/contacts/list-contact-activity";
import { listFormNames } from "@/server/services/forms/list-form-names";
import { listContactAutomations } from "@/server/services/automations/list-contact-automations";
import { dashboardContext } from "../../_lib/dashboard-context";
import { loadAllCustomFields, loadAllTags } from "@/server/services/workspace-lists/load-all";
import { ContactView } from "./_components/contact-view";

export const metadata: Metadata = { title: "Contact" };

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ZUuid.safeParse(id).success) notFound();
  const { workspace } = await dashboardContext("audience");
  const [contact, activity, tags, fields, forms, automations] = await Promise.all([
    getContact({ workspaceId: workspace.id, contactId: id }).catch(notFoundOn404),
    listContactActivity({ workspaceId: workspace.id, contactId: id, query: { limit: 20 } }).catch(notFoundOn404),
    loadAllTags(workspace.id),
    loadAllCustomFields(workspace.id),
    listFormNames({ workspaceId: workspace.id }),
    listContactAutomations(workspace.id, id).catch(notFoundOn404),
  ]);
  return (
    <ContactView
      key={`${workspace.id}:${id}`}
      workspaceId={workspace.id}
      initial={contact}
      activity={activity}
      tags={tags}
      fields={fields}
      forms={forms}
      automations={automations}
    />
  );
}

/** Another workspace's contact, or one deleted meanwhile, is simply not found. */
function notFoundOn404(error: unknown): never {
  if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
  throw error;
}
