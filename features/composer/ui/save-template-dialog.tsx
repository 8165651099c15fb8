"use client";
// "Save as template": the draft's design (blocks, theme, footer, subject and preview text; never sender or
// audience) saved for the workspace's next broadcasts, offered on the New broadcast page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComposerDraft } from "@/lib/composer/draft";
import { errorMessage, fieldErrorsOf } from "@/lib/action-result";
import { queryKeys } from "@/lib/query-keys";
import { TEMPLATE_NAME_MAX } from "@/lib/schemas/template-constants";
import { PointerActionError, unwrapWithPointers } from "@/lib/pointer-errors";
import { saveTemplateAction } from "../actions/template-actions";
import { FormDialog } from "@/components/ui/form-dialog";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useToast } from "@/components/ui/toast";

type Props = { open: boolean; onClose: () => void; draft: ComposerDraft; workspaceId: string };

export function SaveTemplateDialog({ open, onClose, draft, workspaceId }: Props) {
  const toast = useToast();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async (name: string) =>
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
      close();
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.broadcastTemplates.all(workspaceId) }),
  });
  // A failure belongs to the attempt it came from: the next opening starts without it.
  function close() {
    save.reset();
    onClose();
  }
  const errors = fieldErrorsOf(save.error);
  // Problems of the email itself (a button without a link, say): the composer marks them on the blocks; here they
  // are listed so the user knows why saving was refused.
  const contentProblems =
    save.error instanceof PointerActionError ? save.error.pointers.filter((p) => p.pointer !== "#/name") : [];

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Save as template"
      description="The content, theme, footer, subject and preview text. Sender and audience stay with each broadcast."
      // The form is rendered only while open, so it starts from the current draft's name each time.
      initialValues={{ name: draft.name.slice(0, TEMPLATE_NAME_MAX) }}
      submitLabel="Save template"
      pending={save.isPending}
      onSubmit={({ name }) => save.mutate(name)}
    >
      {({ values, set }) => (
        <div className="space-y-4">
          {save.isError && !errors.name && (
            <Notice tone="error">
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
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            maxLength={TEMPLATE_NAME_MAX}
            required
            autoComplete="off"
            placeholder="Monthly newsletter"
            data-autofocus
            error={errors.name}
          />
        </div>
      )}
    </FormDialog>
  );
}
