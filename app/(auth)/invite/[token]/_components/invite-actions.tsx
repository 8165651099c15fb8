"use client";
// What the visitor can do with a valid invitation: join (signed in as the invited address), sign out (signed in as
// someone else), or create the account / sign in first (signed out). After joining, "/" opens the new workspace.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { toFieldErrorMap } from "@/lib/action-result";
import { NAME_MAX } from "@/lib/schemas/account-settings";
import { signInWithPassword } from "@/lib/sign-in";
import { NewAccountPasswordField } from "../../../_components/password-field";
import { acceptInvitationAction, signUpFromInvitationAction } from "../actions";

type Props = {
  token: string;
  invitedEmail: string;
  workspaceName: string;
  signedInAs: string | null;
  alreadyJoined: boolean;
};

export function InviteActions({ token, invitedEmail, workspaceName, signedInAs, alreadyJoined }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const enter = () => {
    router.replace("/");
    router.refresh();
  };

  async function join() {
    setPending(true);
    setError(undefined);
    const result = await acceptInvitationAction({ token });
    if (!result.ok) {
      setPending(false);
      return setError(result.error);
    }
    enter();
  }

  if (signedInAs && signedInAs.toLowerCase() !== invitedEmail)
    return (
      <div className="mt-6 space-y-4">
        <Notice tone="warning">
          This invitation is for <strong className="break-all">{invitedEmail}</strong>, and you are signed in as{" "}
          <strong className="break-all">{signedInAs}</strong>. Sign out, then open the link again as {invitedEmail}.
        </Notice>
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => signOut({ callbackUrl: `/invite/${encodeURIComponent(token)}` })}
        >
          Sign out
        </Button>
      </div>
    );

  if (signedInAs)
    return (
      <div className="mt-6 space-y-4">
        {error && <Notice tone="error">{error}</Notice>}
        <p className="text-sm break-all text-slate-600">Signed in as {signedInAs}.</p>
        <Button className="w-full" loading={pending} onClick={alreadyJoined ? enter : join}>
          {alreadyJoined ? `Open ${workspaceName}` : `Join ${workspaceName}`}
        </Button>
      </div>
    );

  return <SignUpForm token={token} invitedEmail={invitedEmail} onJoined={enter} />;
}

function SignUpForm({ token, invitedEmail, onJoined }: { token: string; invitedEmail: string; onJoined: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string>; signIn: boolean }>();
  const [name, setName] = useState("");
  // Back to this page once signed in, with the invited address already in the email field.
  const signInHref = `/signin?${new URLSearchParams({ callbackUrl: `/invite/${encodeURIComponent(token)}`, email: invitedEmail })}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setError(undefined);
    const result = await signUpFromInvitationAction({ token, name, password });
    if (!result.ok) {
      setPending(false);
      return setError({
        message: result.error,
        fields: toFieldErrorMap(result.fieldErrors),
        signIn: result.code === "CONFLICT" && result.error.includes("Sign in instead"),
      });
    }
    // The account exists and has joined; signing in is next-auth's credentials flow, as after onboarding.
    const outcome = await signInWithPassword(result.data.email, password);
    if (outcome !== "ok") {
      setPending(false);
      return setError({ message: outcome.error, fields: {}, signIn: true });
    }
    onJoined();
  }

  const fields = error?.fields ?? {};
  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-4">
      <h2 className="text-sm font-semibold text-slate-900">Create your account</h2>
      {error && !fields.name && !fields.password && (
        <Notice tone="error">
          {error.message}
          {error.signIn && (
            <>
              {" "}
              <Link href={signInHref} className="font-medium underline">
                Sign in
              </Link>
            </>
          )}
        </Notice>
      )}
      <TextField label="Email" name="email" type="email" value={invitedEmail} readOnly hint="The invited address." />
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        maxLength={NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint={`${name.length}/${NAME_MAX}`}
        error={fields.name}
      />
      <NewAccountPasswordField error={fields.password} />
      <Button type="submit" loading={pending} className="w-full">
        Create account and join
      </Button>
      <p className="text-center text-sm text-slate-500">
        <Link href={signInHref} className={buttonClasses("ghost", "sm")}>
          I already have an account
        </Link>
      </p>
    </form>
  );
}
