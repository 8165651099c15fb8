"use client";
import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import { confirmEmailChangeAction } from "../../actions";

export function ConfirmEmailForm({ token }: { token: string }) {
  const confirmation = useAction(confirmEmailChangeAction);
  const [changedTo, setChangedTo] = useState<string>();

  async function confirm() {
    const done = await confirmation.run({ token });
    if (done) setChangedTo(done.email);
  }

  if (changedTo)
    return (
      <div className="mt-6 space-y-4">
        <Notice tone="success">
          <span className="break-words">Your email is now {changedTo}.</span>
        </Notice>
        <Link href="/account?notice=email-changed" className={buttonClasses("primary", "md", "w-full")}>
          Go to account settings
        </Link>
      </div>
    );
  return (
    <div className="mt-6 space-y-4">
      {confirmation.error && <Notice tone="error">{confirmation.error}</Notice>}
      <Button className="w-full" loading={confirmation.pending} onClick={confirm}>
        Use this address
      </Button>
    </div>
  );
}
