"use client";
import { useState, type FormEvent } from "react";
import type { Broadcast } from "@/lib/schemas/broadcasts";
import { MAX_TEST_EMAILS } from "@/lib/schemas/broadcast-constants";
import type { ComposerDraft } from "@/lib/composer/draft";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/action-result";
import { PointerActionError } from "@/lib/pointer-errors";
import { useSendTest } from "./use-send-actions";

type Props = {
  open: boolean;
  onClose: () => void;
  draft: ComposerDraft;
  defaultEmail: string;
  /** Saves the draft first: the test shows what is on screen, not the last autosave. */
  saveNow: () => Promise<Broadcast | null>;
};

/**
 * One to five addresses, one per field (the signed-in user's first). With A/B variants, which variant to render.
 * The worker renders and sends the test like the real thing; tests never touch the audience or the statistics.
 */
export function TestSendDialog({ open, onClose, draft, defaultEmail, saveNow }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send a test"
      description="Rendered with the merge values of a contact with that address, or of a sample contact. Tests never count in the statistics."
    >
      {/* Rendered only while open (Dialog), so the form starts from the default address each time. */}
      <TestSendForm onClose={onClose} draft={draft} defaultEmail={defaultEmail} saveNow={saveNow} />
    </Dialog>
  );
}

function TestSendForm({ onClose, draft, defaultEmail, saveNow }: Omit<Props, "open">) {
  const toast = useToast();
  const [emails, setEmails] = useState<string[]>([defaultEmail]);
  const [variantId, setVariantId] = useState("");
  const [saveFailed, setSaveFailed] = useState(false);
  const test = useSendTest();
  const pointers = test.error instanceof PointerActionError ? test.error.pointers : [];
  const rowError = (i: number) => pointers.find((p) => p.pointer === `#/test/emails/${i}`)?.detail;
  // What is not about one address (a missing subject, sender or content) is listed above the fields.
  const general = [...new Set(pointers.filter((p) => !p.pointer.startsWith("#/test/emails/")).map((p) => p.detail))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveFailed(false);
    const saved = await saveNow();
    if (!saved) return setSaveFailed(true);
    const list = emails.map((e) => e.trim()).filter(Boolean);
    test.mutate(
      { id: saved.id, test: { emails: list, ...(variantId ? { variantId } : {}) } },
      { onSuccess: (res) => (onClose(), toast.success(res.message)) },
    );
  };

  const setAt = (i: number, value: string) => setEmails((list) => list.map((e, j) => (j === i ? value : e)));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {saveFailed && <Notice tone="error">The draft could not be saved, so no test was sent. Try again.</Notice>}
      {test.isError && (pointers.length === 0 || general.length > 0) && (
        <Notice tone="error">
          {general.length ? (
            <ul className="list-disc pl-4">
              {general.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          ) : (
            errorMessage(test.error)
          )}
        </Notice>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Send to</legend>
        {emails.map((email, i) => (
          <div key={i} className="flex items-start gap-2">
            <TextField
              label={`Address ${i + 1}`}
              type="email"
              value={email}
              onChange={(e) => setAt(i, e.target.value)}
              error={rowError(i)}
              autoComplete="email"
              className="flex-1"
              {...(i === 0 ? { "data-autofocus": true } : {})}
            />
            {emails.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-7"
                onClick={() => setEmails((list) => list.filter((_, j) => j !== i))}
                aria-label={`Remove address ${i + 1}`}
              >
                Remove
              </Button>
            )}
          </div>
        ))}
        {emails.length < MAX_TEST_EMAILS ? (
          <Button variant="secondary" size="sm" onClick={() => setEmails((list) => [...list, ""])}>
            Add another address
          </Button>
        ) : (
          <p className="text-[13px] text-slate-500">Up to {MAX_TEST_EMAILS} addresses per test.</p>
        )}
      </fieldset>
      {draft.variants.length > 0 && (
        <div>
          <Label htmlFor="test-variant">Version</Label>
          <Select id="test-variant" value={variantId} onChange={(e) => setVariantId(e.target.value)} className="mt-1.5">
            <option value="">Main content ({draft.subject || "no subject"})</option>
            {draft.variants.map((v) => (
              <option key={v.id} value={v.id}>
                Variant {v.id}: {v.subject}
              </option>
            ))}
          </Select>
        </div>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={test.isPending}>
          Send test
        </Button>
      </DialogFooter>
    </form>
  );
}
