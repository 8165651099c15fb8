"use client";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";

/** Shows a new key's plaintext, the only time it exists outside the client that made it. */
export function NewApiKeyDialog({
  plaintext,
  name,
  onClose,
}: {
  plaintext: string | null;
  name: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={plaintext !== null} onClose={onClose} title={`API key “${name}” created`} dismissOnBackdrop={false}>
      <Notice tone="warning">Copy this key now. You won&apos;t be able to see it again.</Notice>
      <div className="mt-4 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-2 pr-2 pl-3">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900 select-all"
        >
          {plaintext}
        </code>
        <CopyButton value={plaintext ?? ""} />
      </div>
      <p className="mt-3 text-[13px] text-slate-500">
        Send it in the <code className="font-mono text-slate-700">X-API-Key</code> header. Keep it out of browsers and
        public repositories; anyone holding it can act on this workspace.
      </p>
      <DialogFooter>
        <Button onClick={onClose} data-autofocus>
          Done
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
