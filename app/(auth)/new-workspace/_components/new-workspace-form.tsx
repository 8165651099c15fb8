"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { toFieldErrorMap } from "@/lib/action-result";
import { createFirstWorkspaceAction } from "../actions";

const NAME_MAX = 80;

export function NewWorkspaceForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> }>();
  const count = `${name.length}/${NAME_MAX}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await createFirstWorkspaceAction({ name });
    if (!result.ok) {
      setPending(false);
      return setError({ message: result.error, fields: toFieldErrorMap(result.fieldErrors) });
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5">
      {error && !error.fields.name && <Notice tone="error">{error.message}</Notice>}
      <TextField
        label="Workspace name"
        value={name}
        autoComplete="organization"
        onChange={(e) => setName(e.target.value)}
        hint={count}
        error={
          error?.fields.name
            ? `${error.fields.name} (${count})`
            : name.length > NAME_MAX
              ? `At most ${NAME_MAX} characters (${count}).`
              : undefined
        }
      />
      <Button type="submit" className="w-full" loading={pending} disabled={!name.trim() || name.length > NAME_MAX}>
        Create workspace
      </Button>
      <p className="text-center text-sm text-slate-500">
        <button
          type="button"
          className="underline hover:text-slate-700"
          onClick={() => signOut({ callbackUrl: "/signin" })}
        >
          Sign out
        </button>
      </p>
    </form>
  );
}
