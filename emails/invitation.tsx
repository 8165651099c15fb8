// "You are invited to <workspace>": who invited whom, as what, one button, the plain link, when it expires, and
// what to do if it was unexpected. Sent with kind "invitation" (the outbox shows it only to roles that reach team:
// the link lets its reader join the workspace).
import { createElement } from "react";
import { Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { ROLE_DESCRIPTION, ROLE_LABEL, type Role } from "@/lib/permissions";
import { AccountEmailLayout, accountText } from "./account-layout";

export type InvitationEmailProps = {
  workspaceName: string;
  inviterName: string;
  role: Role;
  acceptUrl: string;
  expiresAt: Date;
};

const expiryFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export function InvitationEmail({ workspaceName, inviterName, role, acceptUrl, expiresAt }: InvitationEmailProps) {
  return (
    <AccountEmailLayout
      preview={`${inviterName} invited you to ${workspaceName} on Sendwell`}
      heading={`Join ${workspaceName} on Sendwell`}
      action={{ label: `Join ${workspaceName}`, url: acceptUrl }}
      footnote={
        <>
          The invitation expires on {expiryFormat.format(expiresAt)} (UTC) and works once. If you did not expect it,
          ignore this email: nothing happens unless you open the link.
        </>
      }
    >
      <Text style={accountText}>
        {inviterName} invited you to the workspace {workspaceName} as {ROLE_LABEL[role].toLowerCase()}:{" "}
        {ROLE_DESCRIPTION[role].replace(/\.$/, "").toLowerCase()}.
      </Text>
    </AccountEmailLayout>
  );
}

export async function renderInvitationEmail(props: InvitationEmailProps) {
  const html = await render(createElement(InvitationEmail, props));
  return {
    subject: `${props.inviterName} invited you to ${props.workspaceName} on Sendwell`,
    html,
    text: toPlainText(html),
  };
}
