"use client";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
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
export function WebhookFormDialog({ open, mode, initial, pending, error, onClose, onSubmit }: WebhookFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title={mode === "create" ? "Create webhook" : "Edit webhook"}
      description={
        mode === "create"
          ? "Sendwell will POST a signed JSON body to this URL each time one of the chosen events happens."
          : "Changes apply to events that happen from now on."
      }
      initialValues={initial}
      submitLabel={mode === "create" ? "Create webhook" : "Save changes"}
      pending={pending}
      error={error}
      onSubmit={({ url, events }) => onSubmit({ url: url.trim(), events })}
    >
      {({ values: { events }, set, errors, bind }) => (
        <>
          <TextField
            label="Endpoint URL"
            {...bind("url")}
            type="url"
            inputMode="url"
            required
            maxLength={2048}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks/sendwell"
            hint="Must be https. Private and local addresses are refused."
          />
          <EventPicker value={events} onChange={(e) => set("events", e)} error={errors.fields.events} />
        </>
      )}
    </FormDialog>
  );
}
