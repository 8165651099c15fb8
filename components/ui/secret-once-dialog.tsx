"use client";
import type { ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { Dialog, DialogFooter } from "./dialog";
import { Notice } from "./notice";

type SecretOnceDialogProps = {
  /** The plaintext; null closes the dialog. */
  secret: string | null;
  title: string;
  /** What the secret is called in the warning, e.g. "key" or "signing secret". */
  noun: string;
  testId: string;
  onClose: () => void;
  /** How to use it, under the secret. */
  children: ReactNode;
};

/**
 * A secret shown the only time it leaves the server (API keys, webhook signing secrets): a warning, the value with
 * Copy, how to use it. Only Done closes it, so a stray click on the backdrop cannot lose the secret.
 */
export function SecretOnceDialog({ secret, title, noun, testId, onClose, children }: SecretOnceDialogProps) {
  return (
    <Dialog open={secret !== null} onClose={onClose} title={title} dismissOnBackdrop={false}>
      <Notice tone="warning">Copy this {noun} now. You won&apos;t be able to see it again.</Notice>
      <div className="mt-4 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-2 pr-2 pl-3">
        <code
          data-testid={testId}
          aria-label={noun.charAt(0).toUpperCase() + noun.slice(1)}
          className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900 select-all"
        >
          {secret}
        </code>
        <CopyButton value={secret ?? ""} />
      </div>
      {children}
      <DialogFooter>
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
