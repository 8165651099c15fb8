"use client";
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signInWithPassword } from "@/lib/sign-in";
import { safeReturnPath } from "@/lib/return-path";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";

type Props = {
  callbackUrl: string;
  notice?: string;
  /** Prefilled from ?email= (an invitation's "I already have an account"): the password is then the field to fill. */
  email?: string;
};

export function SignInForm({ callbackUrl, notice, email }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const outcome = await signInWithPassword(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (outcome !== "ok") {
      setPending(false);
      setError(outcome.error);
      return;
    }
    // The page already checked it against APP_URL; checked again here against the address the browser is on.
    router.replace(safeReturnPath(callbackUrl, window.location.origin));
    router.refresh();
  }

  return (
    <form method="post" onSubmit={onSubmit} className="mt-6 space-y-4">
      {notice && <Notice tone="warning">{notice}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        autoFocus={!email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus={Boolean(email)}
      />
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" loading={pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
