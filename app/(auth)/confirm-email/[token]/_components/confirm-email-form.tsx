"use client";
import { useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Notice } from "@/components/ui/notice";
import { confirmEmailChangeAction } from "../../actions";

export function ConfirmEmailForm({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [changedTo, setChangedTo] = useState<string>();

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      const result = await confirmEmailChangeAction({ token });
      if (result.ok) setChangedTo(result.data.email);
      else setError(result.error);
    } catch {
      setError("Something went wrong. Try again.");
    } finally {
      setPending(false);
    }
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
      {error && <Notice tone="error">{error}</Notice>}
      <Button className="w-full" loading={pending} onClick={confirm}>
        Use this address
      </Button>
    </div>
  );
}
