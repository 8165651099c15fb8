"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import {
  SOFT_BOUNCE_LIMIT,
  SOFT_BOUNCE_WINDOW_DAYS,
  type DeliverabilityRules,
} from "@/lib/schemas/deliverability-rules";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage, fieldErrorsOf, unwrap } from "@/lib/action-result";
import { updateDeliverabilityRulesAction } from "../actions";

type Draft = { softBounceLimit: string; softBounceWindowDays: string };

const draftOf = (r: DeliverabilityRules): Draft => ({
  softBounceLimit: String(r.softBounceLimit),
  softBounceWindowDays: String(r.softBounceWindowDays),
});

// A blank field goes to the server as null, which says what is wrong; anything else as the number typed.
const numberOf = (value: string) => (value.trim() === "" ? null : Number(value));

function Rule({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-1 space-y-3 text-sm text-slate-600">{children}</div>
    </li>
  );
}

export function RulesForm({ initial, canEdit }: { initial: DeliverabilityRules; canEdit: boolean }) {
  const toast = useToast();
  const [saved, setSaved] = useState(() => draftOf(initial));
  const [draft, setDraft] = useState(saved);
  const save = useMutation({
    mutationFn: async (d: Draft) =>
      unwrap(
        await updateDeliverabilityRulesAction({
          softBounceLimit: numberOf(d.softBounceLimit) as number,
          softBounceWindowDays: numberOf(d.softBounceWindowDays) as number,
        }),
      ),
  });
  const errors = fieldErrorsOf(save.error);
  const changed =
    draft.softBounceLimit !== saved.softBounceLimit || draft.softBounceWindowDays !== saved.softBounceWindowDays;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (next) => {
        const fresh = draftOf(next);
        setSaved(fresh);
        setDraft(fresh);
        toast.success("Deliverability rules saved.");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {save.isError && Object.keys(errors).length === 0 && <Notice tone="error">{errorMessage(save.error)}</Notice>}
      <Card>
        <CardHeader
          title="Suppression rules"
          description="When Sendwell stops mailing an address. A suppressed contact keeps their history and is left out of every broadcast and automation email; the contact's timeline and the broadcast report say which rule acted."
        />
        <CardBody>
          <ul className="divide-y divide-slate-100">
            <Rule title="A hard bounce suppresses at once">
              <p>
                The receiving server said the address does not exist or will never accept mail (for example “550 5.1.1
                user unknown”). The contact’s status becomes Bounced.
              </p>
            </Rule>
            <Rule title="Repeated soft bounces suppress">
              <p>
                A soft bounce is temporary: a full mailbox, a server that is down or busy. Each message counts once,
                however often it is reported. When a contact has{" "}
                <strong className="font-semibold text-slate-800">{saved.softBounceLimit}</strong> soft bounces within{" "}
                <strong className="font-semibold text-slate-800">{saved.softBounceWindowDays}</strong> days, their
                status becomes Bounced. The default is {SOFT_BOUNCE_LIMIT.default} within{" "}
                {SOFT_BOUNCE_WINDOW_DAYS.default} days.
              </p>
              {canEdit ? (
                <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
                  <TextField
                    label="Soft bounces"
                    type="number"
                    inputMode="numeric"
                    min={SOFT_BOUNCE_LIMIT.min}
                    max={SOFT_BOUNCE_LIMIT.max}
                    step={1}
                    value={draft.softBounceLimit}
                    onChange={(e) => setDraft((d) => ({ ...d, softBounceLimit: e.target.value }))}
                    error={errors.softBounceLimit}
                    hint={`${SOFT_BOUNCE_LIMIT.min} to ${SOFT_BOUNCE_LIMIT.max}`}
                  />
                  <TextField
                    label="Within (days)"
                    type="number"
                    inputMode="numeric"
                    min={SOFT_BOUNCE_WINDOW_DAYS.min}
                    max={SOFT_BOUNCE_WINDOW_DAYS.max}
                    step={1}
                    value={draft.softBounceWindowDays}
                    onChange={(e) => setDraft((d) => ({ ...d, softBounceWindowDays: e.target.value }))}
                    error={errors.softBounceWindowDays}
                    hint={`${SOFT_BOUNCE_WINDOW_DAYS.min} to ${SOFT_BOUNCE_WINDOW_DAYS.max}`}
                  />
                </div>
              ) : (
                <p className="text-xs text-slate-500">Only owners and admins can change these numbers.</p>
              )}
            </Rule>
            <Rule title="A spam complaint unsubscribes and suppresses at once">
              <p>
                The recipient marked the email as spam. The contact’s status becomes Complained, whatever it was, and
                they are never mailed again unless they sign up anew.
              </p>
            </Rule>
          </ul>
          <p className="mt-4 border-t border-slate-100 pt-4 text-xs text-slate-500">
            A contact who had already unsubscribed keeps that status when a message to them bounces: they are out of
            every audience either way.
          </p>
        </CardBody>
      </Card>
      {canEdit && (
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => (setDraft(saved), save.reset())} disabled={!changed}>
            Discard changes
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save rules
          </Button>
        </div>
      )}
    </form>
  );
}
