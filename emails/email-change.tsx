// Changing the sign-in email: the confirmation link goes to the NEW address (proof it is yours, 24 hours, single
// use); a notice goes to the OLD one, so a change made from a stolen session does not go unnoticed.
import { createElement } from "react";
import { Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { AccountEmailLayout, accountText } from "./account-layout";

export type EmailChangeConfirmProps = { confirmUrl: string; oldEmail: string; newEmail: string };

export function EmailChangeConfirmEmail({ confirmUrl, oldEmail, newEmail }: EmailChangeConfirmProps) {
  return (
    <AccountEmailLayout
      preview="Confirm your new Sendwell email address"
      heading="Confirm your new email address"
      action={{ label: "Use this address", url: confirmUrl }}
      footnote="The link works once, for 24 hours. If you did not ask for this, ignore this email: nothing changes."
    >
      <Text style={accountText}>
        You asked to sign in to Sendwell with {newEmail} instead of {oldEmail}. Confirm that this address is yours; the
        change happens when you open the link.
      </Text>
    </AccountEmailLayout>
  );
}

export type EmailChangeNoticeProps = { oldEmail: string; newEmail: string; accountUrl: string };

export function EmailChangeNoticeEmail({ oldEmail, newEmail, accountUrl }: EmailChangeNoticeProps) {
  return (
    <AccountEmailLayout
      preview="A change of your Sendwell sign-in email was requested"
      heading="Your sign-in email is about to change"
      action={{ label: "Review your account", url: accountUrl }}
      footnote="Nothing has changed yet: the change happens only when the link sent to the new address is opened."
    >
      <Text style={accountText}>
        Someone signed in to your Sendwell account asked to change its email from {oldEmail} to {newEmail}. If it was
        you, there is nothing to do here. If not, sign in, cancel the pending change under Account settings and change
        your password.
      </Text>
    </AccountEmailLayout>
  );
}

export async function renderEmailChangeConfirm(props: EmailChangeConfirmProps) {
  const html = await render(createElement(EmailChangeConfirmEmail, props));
  return { subject: "Confirm your new Sendwell email address", html, text: toPlainText(html) };
}

export async function renderEmailChangeNotice(props: EmailChangeNoticeProps) {
  const html = await render(createElement(EmailChangeNoticeEmail, props));
  return { subject: "Your Sendwell sign-in email is about to change", html, text: toPlainText(html) };
}
