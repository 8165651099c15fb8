"use client";
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { NewPasswordFields } from "@/components/account/new-password-fields";
import { toFieldErrorMap, type FieldErrorMap } from "@/lib/action-result";
import { signInWithPassword } from "@/lib/sign-in";
import { resetPasswordAction } from "../../actions";

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<FieldErrorMap>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    setPending(true);
    setError(undefined);
    setFields({});
    try {
      const result = await resetPasswordAction({
        token,
        newPassword,
        confirmPassword: String(form.get("confirmPassword") ?? ""),
      });
      if (!result.ok) {
        setError(result.error);
        setFields(toFieldErrorMap(result.fieldErrors));
        setPending(false);
        return;
      }
      // Signed in at once with the new password; if that fails (e.g. a sign-in lock), the sign-in page says why.
      const signedIn = await signInWithPassword(result.data.email, newPassword);
      router.replace(signedIn === "ok" ? "/" : "/signin?error=password-reset");
      router.refresh();
    } catch {
      setError("Something went wrong. Try again.");
      setPending(false);
    }
  }

  const linkProblem = error && !Object.keys(fields).length;
  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {linkProblem && (
        <Notice tone="error">
          {error}{" "}
          <Link href="/forgot-password" className="font-medium underline">
            Request a new link
          </Link>
        </Notice>
      )}
      <NewPasswordFields
        autoFocus
        errors={{ newPassword: fields.newPassword, confirmPassword: fields.confirmPassword ?? fields.token }}
      />
      <Button type="submit" loading={pending} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
