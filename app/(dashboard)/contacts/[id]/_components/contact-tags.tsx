"use client";
import { useId, useState, type FormEvent } from "react";
import type { Contact } from "@/lib/schemas/contacts";
import type { Tag } from "@/lib/schemas/tags";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/permissions/role-context";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { TagChip } from "../../_components/tag-chip";
import { useAddContactTags, useRemoveContactTag } from "../../_components/use-contact-mutations";

type ContactTagsProps = { workspaceId: string; contact: Contact; tags: Tag[] };

export function ContactTags({ workspaceId, contact, tags }: ContactTagsProps) {
  const toast = useToast();
  const selectId = useId();
  const add = useAddContactTags(workspaceId);
  const remove = useRemoveContactTag(workspaceId);
  const [choice, setChoice] = useState("");
  const carried = tags.filter((t) => contact.tags.includes(t.id));
  const available = tags.filter((t) => !contact.tags.includes(t.id));
  const onError = (e: unknown) => toast.error(errorMessage(e));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tagId = choice || available[0]?.id;
    if (!tagId) return;
    setChoice("");
    add.mutate({ id: contact.id, tagIds: [tagId] }, { onError });
  };

  const canWrite = useCan("audience.write");
  return (
    <Card>
      <CardHeader title="Tags" />
      <CardBody className="space-y-4">
        {carried.length === 0 ? (
          <p className="text-sm text-slate-500">No tags.</p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags of this contact">
            {carried.map((tag) => (
              <li key={tag.id}>
                <TagChip
                  name={tag.name}
                  color={tag.color}
                  onRemove={canWrite ? () => remove.mutate({ id: contact.id, tagId: tag.id }, { onError }) : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        {canWrite && available.length > 0 && (
          <form onSubmit={submit} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={selectId} className="sr-only">
                Tag to add
              </label>
              <Select
                id={selectId}
                className="h-8 text-[13px]"
                value={choice || available[0]?.id}
                onChange={(e) => setChoice(e.target.value)}
              >
                {available.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="secondary" size="sm">
              Add tag
            </Button>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
