"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import clsx from "clsx";
import { FORM_TYPES, type FormType } from "@/lib/schemas/forms";
import { FORM_TYPE_DESCRIPTIONS, FORM_TYPE_LABELS } from "@/components/forms/status-badge";
import { FormTypePicture } from "@/components/forms/type-picture";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorsOf } from "@/lib/action-result";
import { useCreateForm } from "../../_components/use-create-form";

/** A name and a type are enough: the form starts as a draft with an email field and opens in the builder. */
export function NewFormPicker({ workspaceId }: { workspaceId: string }) {
  const router = useRouter();
  const toast = useToast();
  const create = useCreateForm(workspaceId);
  const [name, setName] = useState("");
  const [type, setType] = useState<FormType>("inline");
  const errors = fieldErrorsOf(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, type },
      {
        onSuccess: (form) => {
          toast.success(`Draft “${form.name}” created.`);
          router.push(`/forms/${form.id}`);
        },
      },
    );
  };

  return (
    <>
      <BackLink href="/forms">Forms</BackLink>
      <PageHeader title="New form" description="Pick where it appears; you can change the type later in Settings." />
      <form onSubmit={submit} noValidate className="space-y-6">
        {create.isError && !errors.name && !errors.type && <Notice tone="error">{errorMessage(create.error)}</Notice>}
        <Card>
          <CardBody className="space-y-5">
            <TextField
              label="Name"
              hint="For you only; visitors never see it."
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              required
              autoComplete="off"
              placeholder="Newsletter popup"
              data-autofocus
              error={errors.name}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Type</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {FORM_TYPES.map((t) => (
                  <label
                    key={t}
                    className={clsx(
                      "flex cursor-pointer items-start gap-3 rounded-lg border p-3 focus-within:outline-2 focus-within:outline-brand-600",
                      type === t ? "border-brand-500 bg-brand-50" : "border-slate-200 hover:bg-slate-50",
                    )}
                  >
                    <input
                      type="radio"
                      name="type"
                      value={t}
                      checked={type === t}
                      onChange={() => setType(t)}
                      className="sr-only"
                    />
                    <FormTypePicture type={t} />
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">{FORM_TYPE_LABELS[t]}</span>
                      <span className="block text-[13px] text-slate-600">{FORM_TYPE_DESCRIPTIONS[t]}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.type && <p className="mt-1.5 text-[13px] text-red-600">{errors.type}</p>}
            </fieldset>
          </CardBody>
        </Card>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => router.push("/forms")}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create draft
          </Button>
        </div>
      </form>
    </>
  );
}
