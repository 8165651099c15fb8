"use client";
// The one reading of a sending domain's status and of each record's, so the list and the domain's page agree.
import { Badge } from "@/components/ui/badge";
import type { DnsRecordToPublish, DomainStatus } from "@/lib/deliverability/sending-domains";

export function DomainStatusBadge({ status }: { status: DomainStatus }) {
  switch (status) {
    case "verified":
      return <Badge tone="green">Verified</Badge>;
    case "failing":
      return <Badge tone="red">Failing</Badge>;
    case "pending":
      return <Badge tone="amber">Not verified</Badge>;
  }
}

/** What the domain's status means for its mail, in a sentence. */
export function domainStatusText(status: DomainStatus, domain: string): string {
  switch (status) {
    case "verified":
      return `Mail from ${domain} and its subdomains is DKIM-signed with this domain's key.`;
    case "failing":
      return `The DKIM record of ${domain} is no longer found: its mail goes out unsigned until the record is published again.`;
    case "pending":
      return `Publish the DKIM record below, then check again: until it is found, mail from ${domain} is not signed.`;
  }
}

export function RecordStatusBadge({ record }: { record: DnsRecordToPublish }) {
  if (!record.value) return <Badge>Optional</Badge>;
  const check = record.check;
  if (!check) return <Badge>Not checked</Badge>;
  switch (check.status) {
    case "verified":
      return <Badge tone="green">Verified</Badge>;
    case "missing":
      return (
        <Badge tone={record.required ? "red" : "amber"}>{record.required ? "Missing" : "Missing (recommended)"}</Badge>
      );
    case "wrong":
      return <Badge tone={record.required ? "red" : "amber"}>Wrong value</Badge>;
    case "error":
      return <Badge>Lookup failed</Badge>;
  }
}
