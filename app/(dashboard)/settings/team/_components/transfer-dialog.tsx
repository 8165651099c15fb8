"use client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { typeToConfirmField } from "@/components/ui/type-to-confirm";
import { unwrap, type ActionResultLike } from "@/lib/action-result";
import type { TeamMember } from "@/server/services/team/list-team";

type Props = {
  open: boolean;
  workspaceName: string;
  candidates: TeamMember[];
  onClose: () => void;
  transfer: (input: { userId: string; confirmName: string }) => Promise<ActionResultLike<unknown>>;
  onDone: (member: TeamMember) => void;
};

const title = "Transfer ownership";
const description = "The new owner can delete the workspace and transfer it again. You become an admin.";

/** The owner hands the workspace to another member and becomes an admin; typing the name makes it deliberate. */
export function TransferDialog({ open, workspaceName, candidates, onClose, transfer, onDone }: Props) {
  if (!candidates.length)
    return (
      <Dialog open={open} onClose={onClose} title={title} description={description}>
        <Notice tone="info">Invite someone first: ownership goes to an existing member.</Notice>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </Dialog>
    );
  const confirm = typeToConfirmField(workspaceName);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      initialValues={{ userId: candidates[0]?.userId ?? "", confirmName: "" }}
      fields={["confirmName"]}
      submitLabel="Transfer ownership"
      destructive
      submitDisabled={(values) => !confirm.confirmed(values.confirmName)}
      onSubmit={async ({ userId, confirmName }) => {
        unwrap(await transfer({ userId, confirmName }));
        const member = candidates.find((c) => c.userId === userId);
        if (member) onDone(member);
      }}
    >
      {({ values, set, errors, bind }) => (
        <>
          <div>
            <Label htmlFor="transfer-to">New owner</Label>
            <Select
              id="transfer-to"
              className="mt-1.5 w-full"
              value={values.userId}
              onChange={(e) => set("userId", e.target.value)}
            >
              {candidates.map((c) => (
                <option key={c.userId} value={c.userId}>
                  {c.name ? `${c.name} (${c.email})` : c.email}
                </option>
              ))}
            </Select>
          </div>
          <TextField {...confirm.fieldProps} {...bind("confirmName")} error={errors.fields.confirmName} />
        </>
      )}
    </FormDialog>
  );
}
