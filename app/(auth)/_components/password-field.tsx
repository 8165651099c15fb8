"use client";
import { TextField } from "@/components/ui/text-field";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/schemas/account-settings";

/** The password of a new account (onboarding, joining by invitation), held to the account schemas' limits. */
export function NewAccountPasswordField({ error }: { error?: string }) {
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
      maxLength={PASSWORD_MAX}
      hint={`At least ${PASSWORD_MIN} characters.`}
      error={error}
    />
  );
}
