"use client";
import { useState, type FormEvent } from "react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrorsOf, fieldMessage } from "@/lib/action-result";

type Scope = "read" | "write";

const scopes: { value: Scope; label: string; detail: string }[] = [
  {
    value: "read",
    label: "Read — reads only",
    detail: "For dashboards and reporting: every GET and the segment preview. Cannot change anything.",
  },
  {
    value: "write",
    label: "Write — read and change everything",
    detail: "For sign-up forms, imports and integrations.",
  },
];

type CreateApiKeyDialogProps = {
  open: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (input: { name: string; scope: Scope }) => void;
};

export function CreateApiKeyDialog({ open, pending, error, onClose, onSubmit }: CreateApiKeyDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create API key"
      description="The key can call the API for this workspace only."
    >
      <CreateApiKeyForm pending={pending} error={error} onClose={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

function CreateApiKeyForm({ pending, error, onClose, onSubmit }: Omit<CreateApiKeyDialogProps, "open">) {
  const [scope, setScope] = useState<Scope>("read"); // least privilege by default
  const fieldErrors = fieldErrorsOf(error);
  const message = error ? errorMessage(error) : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ name: String(new FormData(event.currentTarget).get("name") ?? ""), scope });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {message && !fieldErrors.name && <Notice tone="error">{message}</Notice>}
      <TextField
        label="Name"
        name="name"
        required
        maxLength={80}
        autoComplete="off"
        placeholder="Website sign-up form"
        hint="So you can tell your keys apart later."
        data-autofocus
        error={fieldMessage(message, fieldErrors.name)}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Scope</legend>
        <div className="mt-2 space-y-2">
          {scopes.map((s) => (
            <label
              key={s.value}
              className={clsx(
                "flex cursor-pointer gap-3 rounded-lg border px-3.5 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                scope === s.value ? "border-brand-500 bg-brand-50/50" : "border-slate-200 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="scope"
                value={s.value}
                checked={scope === s.value}
                onChange={() => setScope(s.value)}
                aria-describedby={`scope-${s.value}-detail`}
                className="mt-0.5 size-4 accent-brand-600 focus:outline-none"
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{s.label}</span>
                <span id={`scope-${s.value}-detail`} className="block text-[13px] text-slate-500">
                  {s.detail}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}
