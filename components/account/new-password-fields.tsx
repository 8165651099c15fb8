"use client";
import { TextField } from "@/components/ui/text-field";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/schemas/account-settings";

/**
 * "New password" and "Confirm new password", named `newPassword` and `confirmPassword` as the account schemas
 * (lib/schemas/account-settings.ts) read them: the reset page and the account page's password change.
 */
export function NewPasswordFields({
  errors,
  autoFocus,
}: {
  errors: { newPassword?: string; confirmPassword?: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.newPassword}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        error={errors.confirmPassword}
      />
    </>
  );
}
