"use client";
import Link from "next/link";
import { useEffect, useRef } from "react";
import type { Contact } from "@/lib/schemas/contacts";
import type { CustomField } from "@/lib/schemas/custom-fields";
import type { Tag } from "@/lib/schemas/tags";
import type { FormName } from "@/lib/schemas/forms";
import { RelativeTime } from "@/components/ui/relative-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { BUILT_IN_COLUMNS } from "../_lib/use-columns";
import { StatusBadge } from "@/components/contacts/status-badge";
import { ContactSource } from "@/components/contacts/contact-source";
import { TagChip } from "./tag-chip";

type ContactsTableProps = {
  contacts: Contact[];
  columns: string[];
  fields: CustomField[];
  tagsById: Map<string, Tag>;
  formsById: Map<string, FormName>;
  selected: Set<string>;
  onSelectedChange: (selected: Set<string>) => void;
  /** False for roles that cannot change contacts: a selection only leads to bulk changes. */
  selectable?: boolean;
};

export const fullName = (c: Pick<Contact, "firstName" | "lastName">) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ");

function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/** Long unbroken values (a 300-character name) end in "…" with the full text on hover, never widening the table. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="block max-w-56 truncate" title={text}>
      {text}
    </span>
  );
}

export function ContactsTable(props: ContactsTableProps) {
  const { contacts, columns, fields, tagsById, formsById, selected, onSelectedChange, selectable = true } = props;
  const shown = [
    ...BUILT_IN_COLUMNS.filter((c) => columns.includes(c.id)).map((c) => ({ id: c.id as string, label: c.label })),
    ...fields.filter((f) => columns.includes(`field:${f.key}`)).map((f) => ({ id: `field:${f.key}`, label: f.label })),
  ];
  const allSelected = contacts.length > 0 && contacts.every((c) => selected.has(c.id));
  const someSelected = !allSelected && contacts.some((c) => selected.has(c.id));
  const selectAll = useRef<HTMLInputElement>(null);
  // indeterminate exists only as a DOM property, not as an attribute React could render.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someSelected;
  }, [someSelected]);
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  const cell = (contact: Contact, id: string) => {
    if (id === "name") {
      const name = fullName(contact);
      return name ? <Clipped text={name} /> : <span className="text-slate-400">—</span>;
    }
    if (id === "status") return <StatusBadge status={contact.status} />;
    if (id === "timezone") return contact.timezone ?? <span className="text-slate-400">—</span>;
    if (id === "source")
      return (
        <span className="block max-w-56 truncate text-slate-500">
          <ContactSource source={contact.source} forms={formsById} />
        </span>
      );
    if (id === "createdAt") return <RelativeTime iso={contact.createdAt} className="text-slate-500" />;
    if (id === "tags") {
      const tags = contact.tags.flatMap((t) => tagsById.get(t) ?? []);
      return (
        <span className="flex max-w-80 gap-1">
          {tags.slice(0, 3).map((t) => (
            <TagChip key={t.id} name={t.name} color={t.color} className="max-w-32" />
          ))}
          {tags.length > 3 && <span className="text-xs text-slate-500">+{tags.length - 3}</span>}
        </span>
      );
    }
    return <Clipped text={formatFieldValue(contact.fields[id.slice("field:".length)])} />;
  };

  return (
    <Table>
      <THead>
        <tr>
          {selectable && (
            <TH className="w-px pr-0">
              <input
                ref={selectAll}
                type="checkbox"
                aria-label="Select all contacts on this page"
                checked={allSelected}
                onChange={() => onSelectedChange(allSelected ? new Set() : new Set(contacts.map((c) => c.id)))}
                className="size-4 rounded border-slate-300 accent-brand-600"
              />
            </TH>
          )}
          <TH>Email</TH>
          {shown.map((c) => (
            <TH key={c.id}>{c.label}</TH>
          ))}
        </tr>
      </THead>
      <TBody>
        {contacts.map((contact) => (
          <TR key={contact.id} className={selected.has(contact.id) ? "bg-brand-50/40" : undefined}>
            {selectable && (
              <TD className="w-px pr-0">
                <input
                  type="checkbox"
                  aria-label={`Select ${contact.email}`}
                  checked={selected.has(contact.id)}
                  onChange={() => toggle(contact.id)}
                  className="size-4 rounded border-slate-300 accent-brand-600"
                />
              </TD>
            )}
            <TD className="max-w-72 truncate" title={contact.email}>
              <Link
                href={`/contacts/${contact.id}`}
                className="rounded font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {contact.email}
              </Link>
            </TD>
            {shown.map((c) => (
              <TD key={c.id} className="whitespace-nowrap">
                {cell(contact, c.id)}
              </TD>
            ))}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
