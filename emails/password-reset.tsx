// "Reset your password": the link of a forgot-password request (1 hour, single use).
import { createElement } from "react";
import { Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { AccountEmailLayout, accountText } from "./account-layout";

export type PasswordResetEmailProps = { resetUrl: string; appUrl: string };

export function PasswordResetEmail({ resetUrl, appUrl }: PasswordResetEmailProps) {
  return (
    <AccountEmailLayout
      preview="Reset your Sendwell password"
      heading="Reset your password"
      action={{ label: "Choose a new password", url: resetUrl }}
      footnote={
        <>
          The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.
          Requested on {appUrl}.
        </>
      }
    >
      <Text style={accountText}>
        Someone (we hope you) asked to reset the password of your Sendwell account. Choose a new one with the button
        below; every device signed in to your account will be signed out.
      </Text>
    </AccountEmailLayout>
  );
}

export async function renderPasswordResetEmail(props: PasswordResetEmailProps) {
  const html = await render(createElement(PasswordResetEmail, props));
  return { subject: "Reset your Sendwell password", html, text: toPlainText(html) };
}
