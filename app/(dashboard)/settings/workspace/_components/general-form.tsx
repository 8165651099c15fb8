"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorsOf, unwrap } from "@/lib/action-result";
import { renameWorkspaceAction } from "../actions";

const WORKSPACE_NAME_MAX = 80;

/** The workspace's name (what the switcher shows) and its slug, which never changes after creation. */
export function GeneralForm({ name: initial, slug }: { name: string; slug: string }) {
  const toast = useToast();
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [name, setName] = useState(initial);
  const rename = useMutation({
    mutationFn: async (next: string) => unwrap(await renameWorkspaceAction({ name: next })),
  });
  const errors = fieldErrorsOf(rename.error);
  const count = `${name.length}/${WORKSPACE_NAME_MAX}`;
  const tooLong = name.length > WORKSPACE_NAME_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name, {
      onSuccess: (result) => {
        setSaved(result.name);
        setName(result.name);
        toast.success("Workspace name saved.");
        // The sidebar's workspace switcher is rendered by the server layout: refresh it to show the new name.
        router.refresh();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader title="General" description="How this workspace is named for everyone in it." />
        <CardBody className="space-y-4">
          {rename.isError && !errors.name && <Notice tone="error">{errorMessage(rename.error)}</Notice>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Workspace name"
              value={name}
              // The limit is said at the field: typing past it is allowed (a paste is never silently cut) and the
              // count turns into the error.
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              error={
                errors.name
                  ? `${errors.name} (${count})`
                  : tooLong
                    ? `At most ${WORKSPACE_NAME_MAX} characters (${count}).`
                    : undefined
              }
              hint={count}
            />
            <TextField
              label="Slug"
              value={slug}
              readOnly
              hint="Set when the workspace was created; it does not change with the name."
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={rename.isPending} disabled={name === saved || tooLong || !name.trim()}>
              Save name
            </Button>
          </div>
        </CardBody>
      </Card>
    </form>
  );
}
