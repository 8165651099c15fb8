"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { forgotPasswordAction } from "../actions";

export function ForgotPasswordForm() {
  const request = useAction(forgotPasswordAction);
  const [sent, setSent] = useState<string>();
  const fieldError = request.fieldErrors.email;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await request.run({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
    if (done) setSent(done.message);
  }

  if (sent)
    return (
      <div className="mt-6 space-y-4">
        <Notice tone="success">
          <span className="break-words">{sent}</span>
        </Notice>
        <Button variant="secondary" className="w-full" onClick={() => setSent(undefined)}>
          Use another address
        </Button>
      </div>
    );
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {request.error && !fieldError && <Notice tone="error">{request.error}</Notice>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        autoFocus
        error={fieldError}
      />
      <Button type="submit" loading={request.pending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
