"use client";
import { SecretOnceDialog } from "@/components/ui/secret-once-dialog";

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
    <SecretOnceDialog
      secret={plaintext}
      title={`API key “${name}” created`}
      noun="key"
      testId="new-api-key"
      onClose={onClose}
    >
      <p className="mt-3 text-[13px] text-slate-500">
        Send it in the <code className="font-mono text-slate-700">X-API-Key</code> header. Keep it out of browsers and
        public repositories; anyone holding it can act on this workspace.
      </p>
    </SecretOnceDialog>
  );
}
