"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, fieldErrorsOf, fieldMessage } from "@/lib/action-result";
import type { WebhookEventType } from "@/lib/schemas/webhook-events";
import { EventPicker } from "./event-picker";

export type WebhookFormValues = { url: string; events: WebhookEventType[] };

type WebhookFormDialogProps = {
  open: boolean;
  mode: "create" | "edit";
  initial: WebhookFormValues;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (values: WebhookFormValues) => void;
};

/** Create and Edit share one form: the same URL rules and the same event picker. */
export function WebhookFormDialog(props: WebhookFormDialogProps) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      size="lg"
      title={props.mode === "create" ? "Create webhook" : "Edit webhook"}
      description={
        props.mode === "create"
          ? "Sendwell will POST a signed JSON body to this URL each time one of the chosen events happens."
          : "Changes apply to events that happen from now on."
      }
    >
      <WebhookForm {...props} />
    </Dialog>
  );
}

function WebhookForm({ mode, initial, pending, error, onClose, onSubmit }: WebhookFormDialogProps) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState(initial.events);
  const fieldErrors = fieldErrorsOf(error);
  const message = error ? errorMessage(error) : undefined;
  // A message no field shows (a lost session, a 404) goes on top; field messages go under their input.
  const formError = message && !fieldErrors.url && !fieldErrors.events ? message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ url: url.trim(), events });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        required
        maxLength={2048}
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/sendwell"
        hint="Must be https. Private and local addresses are refused."
        data-autofocus
        error={fieldMessage(message, fieldErrors.url)}
      />
      <EventPicker value={events} onChange={setEvents} error={fieldErrors.events} />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {mode === "create" ? "Create webhook" : "Save changes"}
        </Button>
      </DialogFooter>
    </form>
  );
}
