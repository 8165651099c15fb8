"use client";
// "Save as template": the draft's design (blocks, theme, footer, subject and preview text; never sender or
// audience) saved for the workspace's next broadcasts, offered on the New broadcast page.
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComposerDraft } from "@/lib/composer/draft";
import { errorMessage, fieldErrorsOf } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { TEMPLATE_NAME_MAX } from "@/lib/schemas/template-constants";
import { PointerActionError, unwrapWithPointers } from "@/lib/pointer-errors";
import { saveTemplateAction } from "../actions/template-actions";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";

type Props = { open: boolean; onClose: () => void; draft: ComposerDraft; workspaceId: string };

export function SaveTemplateDialog({ open, onClose, draft, workspaceId }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save as template"
      description="The content, theme, footer, subject and preview text. Sender and audience stay with each broadcast."
    >
      {/* The Dialog renders its content only while open, so the form starts from the current draft each time. */}
      <SaveTemplateForm onClose={onClose} draft={draft} workspaceId={workspaceId} />
    </Dialog>
  );
}

function SaveTemplateForm({ onClose, draft, workspaceId }: Omit<Props, "open">) {
  const toast = useToast();
  const qc = useQueryClient();
  const [name, setName] = useState(draft.name.slice(0, TEMPLATE_NAME_MAX));
  const save = useMutation({
    mutationFn: async () =>
      unwrapWithPointers(
        await saveTemplateAction({
          name,
          subject: draft.subject,
          previewText: draft.previewText,
          blocks: draft.blocks,
          theme: draft.theme,
          footerStyles: draft.footerStyles,
        }),
      ),
    onSuccess: (template) => {
      toast.success(`Template “${template.name}” saved. It is offered under New broadcast.`);
      onClose();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.broadcastTemplates.all(workspaceId) }),
  });
  const errors = fieldErrorsOf(save.error);
  // Problems of the email itself (a button without a link, say): the composer marks them on the blocks; here they
  // are listed so the user knows why saving was refused.
  const contentProblems =
    save.error instanceof PointerActionError ? save.error.pointers.filter((p) => p.pointer !== "#/name") : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      {save.isError && !errors.name && (
        <Notice tone="error" className="mb-4">
          <div>
            {contentProblems.length > 0 ? "Fix these in the email first:" : errorMessage(save.error)}
            {contentProblems.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {contentProblems.slice(0, 5).map((p) => (
                  <li key={p.pointer}>{p.detail}</li>
                ))}
              </ul>
            )}
          </div>
        </Notice>
      )}
      <TextField
        label="Template name"
        hint={`Up to ${TEMPLATE_NAME_MAX} characters. Everyone in this workspace can start a broadcast from it.`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={TEMPLATE_NAME_MAX}
        required
        autoComplete="off"
        placeholder="Monthly newsletter"
        data-autofocus
        error={errors.name}
      />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save template
        </Button>
      </DialogFooter>
    </form>
  );
}
