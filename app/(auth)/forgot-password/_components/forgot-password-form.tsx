"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { toFieldErrorMap } from "@/lib/action-result";
import { forgotPasswordAction } from "../actions";

export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      const result = await forgotPasswordAction({
        email: String(new FormData(event.currentTarget).get("email") ?? ""),
      });
      if (result.ok) setSent(result.data.message);
      else {
        setError(result.error);
        setFieldError(toFieldErrorMap(result.fieldErrors).email);
      }
    } catch {
      setError("Something went wrong. Try again.");
    } finally {
      setPending(false);
    }
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
      {error && !fieldError && <Notice tone="error">{error}</Notice>}
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
      <Button type="submit" loading={pending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
