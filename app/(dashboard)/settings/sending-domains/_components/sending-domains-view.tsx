"use client";
// Settings → Sending domains: the workspace's domains with their status, and (for admins) the form that adds one.
// Adding leads to the domain's page, where its records are.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { GlobeIcon, PlusIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { useCan } from "@/components/permissions/role-context";
import { normaliseDomain, type SendingDomainView } from "@/lib/deliverability/sending-domains";
import { addSendingDomainAction } from "../actions";
import { DomainStatusBadge } from "./domain-status";

export function SendingDomainsView({ initial }: { initial: SendingDomainView[] }) {
  const canEdit = useCan("workspaceSettings");
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Sending domains"
          description="The domains your From addresses use. Publish the DNS records Sendwell shows for each: mail from a verified domain (or its subdomains) is DKIM-signed with its key, which Gmail, Yahoo and others expect of bulk senders."
        />
        {initial.length === 0 ? (
          <EmptyState
            icon={<GlobeIcon />}
            title="No sending domains yet"
            description={
              canEdit
                ? "Add the domain of your From address, such as example.com, to get the records to publish."
                : "An admin can add the domain of your From address here."
            }
          />
        ) : (
          <DomainTable domains={initial} />
        )}
      </Card>
      {canEdit && <AddDomainCard />}
    </div>
  );
}

function DomainTable({ domains }: { domains: SendingDomainView[] }) {
  return (
    <Table>
      <THead>
        <tr>
          <TH>Domain</TH>
          <TH>Status</TH>
          <TH>Last checked</TH>
        </tr>
      </THead>
      <TBody>
        {domains.map((d) => (
          <TR key={d.id} data-testid="sending-domain-row">
            <TD>
              <Link
                href={`/settings/sending-domains/${d.id}`}
                className="font-medium break-all text-brand-700 underline-offset-2 hover:underline"
              >
                {d.domain}
              </Link>
            </TD>
            <TD>
              <DomainStatusBadge status={d.status} />
            </TD>
            <TD className="whitespace-nowrap text-slate-500">
              {d.lastCheckedAt ? <RelativeTime iso={d.lastCheckedAt} /> : "Never"}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function AddDomainCard() {
  const router = useRouter();
  const add = useAction(addSendingDomainAction);
  const [domain, setDomain] = useState("");
  // Checked in the browser as it is typed (syntax only); the server adds what only it knows (public suffixes, duplicates).
  const [touched, setTouched] = useState(false);
  const local = domain.trim() ? normaliseDomain(domain) : null;
  const localError = touched && local && !local.ok ? local.detail : undefined;
  const error = localError ?? add.fieldErrors.domain;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const parsed = normaliseDomain(domain);
    if (!parsed.ok) return;
    const created = await add.run({ domain: parsed.domain });
    if (created) router.push(`/settings/sending-domains/${created.id}`);
  };

  return (
    <Card>
      <CardHeader
        title="Add a domain"
        description="Use the domain of your From address (example.com for news@example.com). Sendwell generates a DKIM key for it."
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
          <TextField
            label="Domain"
            name="domain"
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            value={domain}
            onChange={(e) => {
              setDomain(e.target.value);
              add.reset();
            }}
            onBlur={() => setTouched(true)}
            error={error}
            className="w-full max-w-sm"
          />
          <Button type="submit" loading={add.pending} className="sm:mt-6.5">
            <PlusIcon />
            Add domain
          </Button>
        </form>
        {add.error && !add.fieldErrors.domain && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {add.error}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
