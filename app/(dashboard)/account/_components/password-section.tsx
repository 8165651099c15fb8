"use client";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { PASSWORD_MAX } from "@/lib/schemas/account-settings";
import { NewPasswordFields } from "@/components/account/new-password-fields";
import { changePasswordAction } from "../actions";
import { useAction } from "@/components/ui/use-action";

export function PasswordSection() {
  const router = useRouter();
  const change = useAction(changePasswordAction);
  const [done, setDone] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(undefined);
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const result = await change.run({
      currentPassword: String(form.get("currentPassword") ?? ""),
      newPassword: String(form.get("newPassword") ?? ""),
      confirmPassword: String(form.get("confirmPassword") ?? ""),
    });
    if (!result) return;
    formElement.reset();
    const n = result.otherSessionsEnded;
    setDone(
      n === 0
        ? "Password changed. You were signed in nowhere else."
        : `Password changed. ${n} other session${n === 1 ? " was" : "s were"} signed out; this one stays signed in.`,
    );
    router.refresh(); // the sessions list below
  }

  const fields = change.fieldErrors;
  const summary = change.error && !Object.keys(fields).length ? change.error : undefined;
  return (
    <Card>
      <CardHeader
        title="Password"
        description="Changing it signs you out everywhere else; this device stays signed in."
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
          {done && <Notice tone="success">{done}</Notice>}
          {summary && <Notice tone="error">{summary}</Notice>}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            error={fields.currentPassword}
          />
          <NewPasswordFields errors={fields} />
          <Button type="submit" loading={change.pending}>
            Change password
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
