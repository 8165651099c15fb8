"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signInWithPassword } from "@/lib/sign-in";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { toFieldErrorMap, type FieldErrorMap } from "@/lib/action-result";
import { NewAccountPasswordField } from "../../_components/password-field";
import { onboardAction } from "../actions";

export function OnboardingForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrorMap>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      workspaceName: String(form.get("workspaceName") ?? ""),
    };
    setPending(true);
    setError(undefined);
    setFieldErrors({});
    const result = await onboardAction(input);
    if (!result.ok) {
      setPending(false);
      setError(result.error);
      setFieldErrors(toFieldErrorMap(result.fieldErrors));
      return;
    }
    if ((await signInWithPassword(input.email, input.password)) !== "ok") {
      // The account exists now; the sign-in page is the way forward.
      router.replace("/signin");
      return;
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
      {error && <Notice tone="error">{error}</Notice>}
      <TextField label="Your name" name="name" autoComplete="name" hint="Optional" error={fieldErrors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <NewAccountPasswordField error={fieldErrors.password} />
      <TextField
        label="Workspace name"
        name="workspaceName"
        autoComplete="organization"
        required
        placeholder="Acme Inc."
        error={fieldErrors.workspaceName}
      />
      <Button type="submit" loading={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}
