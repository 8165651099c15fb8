"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { NAME_MAX } from "@/lib/schemas/account-settings";
import { updateProfileAction } from "../actions";
import { useAction } from "@/components/ui/use-action";

export function ProfileSection({ name: initial, notice }: { name: string; notice?: string }) {
  const router = useRouter();
  const toast = useToast();
  const [name, setName] = useState(initial);
  const save = useAction(updateProfileAction);
  const length = [...name].length;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await save.run({ name }))) return;
    toast.success("Name saved.");
    router.refresh(); // the sidebar shows the name too
  }

  return (
    <Card>
      <CardHeader title="Profile" description="How teammates see you in the workspaces you belong to." />
      <CardBody>
        {notice && (
          <Notice tone="success" className="mb-4">
            {notice}
          </Notice>
        )}
        <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={NAME_MAX}
            className="min-w-0 flex-1 basis-64"
            hint={`${length}/${NAME_MAX}`}
            error={save.fieldErrors.name ? `${save.fieldErrors.name} (${length}/${NAME_MAX})` : save.error}
          />
          <Button type="submit" loading={save.pending} className="mt-7" disabled={name === initial}>
            Save name
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
