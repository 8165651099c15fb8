"use client";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/action-result";
import { PointerActionError } from "@/app/(dashboard)/_lib/pointer-errors";

/**
 * Why a broadcast cannot be sent: the 422 lists every missing piece at once (subject, sender, content, audience,
 * the workspace's postal address), so they are shown as one list to fix in one pass. Other refusals (a 409 naming
 * the current status) show their sentence.
 */
export function MissingPiecesDialog({ error, onClose }: { error: Error | null; onClose: () => void }) {
  const pieces = error instanceof PointerActionError ? error.pointers : [];
  const needsAddress = pieces.some((p) => p.pointer === "#/workspace/postalAddress");
  return (
    <Dialog
      open={error !== null}
      onClose={onClose}
      title={pieces.length ? "Not ready to send" : "Could not send"}
      description={pieces.length ? "Fix these first:" : errorMessage(error)}
    >
      {pieces.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="missing-pieces">
          {pieces.map((p) => (
            <li key={p.pointer + p.detail}>{p.detail}</li>
          ))}
        </ul>
      )}
      <DialogFooter>
        {needsAddress && (
          <Link
            href="/settings/sending"
            className="inline-flex h-9 items-center justify-center rounded-lg px-3.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Open sending settings
          </Link>
        )}
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
