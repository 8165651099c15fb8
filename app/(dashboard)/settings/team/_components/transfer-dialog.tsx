"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { useTypeToConfirm } from "@/components/ui/type-to-confirm";
import { toFieldErrorMap, type ActionResultLike } from "@/lib/action-result";
import type { TeamMember } from "@/server/services/team/list-team";

type Props = {
  open: boolean;
  workspaceName: string;
  candidates: TeamMember[];
  onClose: () => void;
  transfer: (input: { userId: string; confirmName: string }) => Promise<ActionResultLike<unknown>>;
  onDone: (member: TeamMember) => void;
};

/** The owner hands the workspace to another member and becomes an admin; typing the name makes it deliberate. */
export function TransferDialog({ open, onClose, ...props }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Transfer ownership"
      description="The new owner can delete the workspace and transfer it again. You become an admin."
    >
      <TransferForm onClose={onClose} {...props} />
    </Dialog>
  );
}

function TransferForm({ workspaceName, candidates, onClose, transfer, onDone }: Omit<Props, "open">) {
  const [userId, setUserId] = useState(candidates[0]?.userId ?? "");
  const confirmation = useTypeToConfirm(workspaceName);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await transfer({ userId, confirmName: confirmation.typed });
    setPending(false);
    if (!result.ok) return setError({ message: result.error, fields: toFieldErrorMap(result.fieldErrors) });
    const member = candidates.find((c) => c.userId === userId);
    if (member) onDone(member);
  }

  if (!candidates.length)
    return (
      <>
        <Notice tone="info">Invite someone first: ownership goes to an existing member.</Notice>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && !error.fields.confirmName && <Notice tone="error">{error.message}</Notice>}
      <div>
        <Label htmlFor="transfer-to">New owner</Label>
        <Select id="transfer-to" className="mt-1.5 w-full" value={userId} onChange={(e) => setUserId(e.target.value)}>
          {candidates.map((c) => (
            <option key={c.userId} value={c.userId}>
              {c.name ? `${c.name} (${c.email})` : c.email}
            </option>
          ))}
        </Select>
      </div>
      <TextField {...confirmation.fieldProps} name="confirmName" error={error?.fields.confirmName} />
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={pending} disabled={!confirmation.confirmed}>
          Transfer ownership
        </Button>
      </DialogFooter>
    </form>
  );
}
