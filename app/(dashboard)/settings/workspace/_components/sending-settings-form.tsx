"use client";
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import clsx from "clsx";
import type { SendingSettings } from "@/lib/schemas/sending-settings";
import { POSTAL_ADDRESS_MAX } from "@/lib/schemas/sending-settings";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { controlClasses, FieldError, FieldHint, Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { TimeZonePicker } from "@/components/ui/time-zone-picker";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorsOf, unwrap } from "@/lib/action-result";
import { updateSendingSettingsAction } from "../actions";

type Draft = {
  postalAddress: string;
  defaultTimezone: string;
  sendRatePerSecond: string;
  defaultFromName: string;
  defaultFromEmail: string;
};

const draftOf = (s: SendingSettings): Draft => ({
  postalAddress: s.postalAddress ?? "",
  defaultTimezone: s.defaultTimezone,
  sendRatePerSecond: s.sendRatePerSecond === null ? "" : String(s.sendRatePerSecond),
  defaultFromName: s.defaultFromName ?? "",
  defaultFromEmail: s.defaultFromEmail ?? "",
});

export function SendingSettingsForm({ initial, zones }: { initial: SendingSettings; zones: string[] }) {
  const toast = useToast();
  const ids = { address: useId() };
  const [saved, setSaved] = useState(() => draftOf(initial));
  const [draft, setDraft] = useState(saved);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: async (d: Draft) =>
      unwrap(
        await updateSendingSettingsAction({
          ...d,
          // A blank rate means no limit; anything else goes to the server as typed, which says what is wrong.
          sendRatePerSecond: d.sendRatePerSecond.trim() === "" ? null : Number(d.sendRatePerSecond),
        }),
      ),
  });
  const errors = fieldErrorsOf(save.error);
  const changed = (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== saved[k]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (next) => {
        const fresh = draftOf(next);
        setSaved(fresh);
        setDraft(fresh);
        toast.success("Sending settings saved.");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {!saved.postalAddress && (
        <Notice tone="warning">
          Add your postal address before sending. Anti-spam laws (CAN-SPAM, GDPR and others) require it in every
          marketing email, so Sendwell prints it in each footer, and a broadcast cannot be sent until it is set.
        </Notice>
      )}
      {save.isError && Object.keys(errors).length === 0 && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      <Card>
        <CardHeader
          title="Sending defaults"
          description="What new broadcasts start from. Each broadcast can change the sender."
        />
        <CardBody className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Default from name"
              value={draft.defaultFromName}
              maxLength={100}
              placeholder="Olivia at Olivia's Shop"
              autoComplete="off"
              onChange={(e) => set({ defaultFromName: e.target.value })}
              error={errors.defaultFromName}
            />
            <TextField
              label="Default from email"
              type="email"
              value={draft.defaultFromEmail}
              placeholder="news@example.com"
              autoComplete="off"
              onChange={(e) => set({ defaultFromEmail: e.target.value })}
              error={errors.defaultFromEmail}
              hint="Use an address on a domain you have verified with your email provider."
            />
          </div>
          <div>
            <Label htmlFor={ids.address}>Postal address</Label>
            <textarea
              id={ids.address}
              rows={3}
              value={draft.postalAddress}
              maxLength={POSTAL_ADDRESS_MAX}
              placeholder={"Olivia's Shop Ltd\n1 Market Street\nSpringfield 12345, USA"}
              onChange={(e) => set({ postalAddress: e.target.value })}
              aria-invalid={errors.postalAddress ? true : undefined}
              aria-describedby={`${ids.address}-note`}
              className={clsx(controlClasses, "mt-1.5 w-full py-2")}
            />
            <FieldError id={errors.postalAddress ? `${ids.address}-note` : undefined}>
              {errors.postalAddress}
            </FieldError>
            {!errors.postalAddress && (
              <FieldHint id={`${ids.address}-note`}>
                Required before sending: it appears in the footer of every email, next to the unsubscribe link.
              </FieldHint>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Send rate (messages per second)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={draft.sendRatePerSecond}
              placeholder="Unlimited"
              onChange={(e) => set({ sendRatePerSecond: e.target.value })}
              error={errors.sendRatePerSecond}
              hint="Leave empty to send as fast as your provider accepts. Set it to your provider's limit to avoid throttling."
            />
          </div>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Regional" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <TimeZonePicker
            label="Default time zone"
            value={draft.defaultTimezone}
            onChange={(defaultTimezone) => set({ defaultTimezone })}
            zones={zones}
            error={errors.defaultTimezone}
            hint="Used when a broadcast goes out in each subscriber's time zone and a contact has none."
          />
        </CardBody>
      </Card>

      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => (setDraft(saved), save.reset())} disabled={!changed}>
          Discard changes
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
