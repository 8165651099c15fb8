// The double opt-in email: one clear button, the plain link for clients that hide buttons, what happens if the
// reader did not ask for it (nothing), and the sender's postal address. Rendered per message (a handful per
// sign-up, not a broadcast's hundreds of thousands), so no compile-once templating here.
import { createElement } from "react";
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";

export type ConfirmationEmailProps = {
  workspaceName: string;
  postalAddress: string | null;
  confirmUrl: string;
  buttonColor?: string;
  buttonTextColor?: string;
};

const text = { color: "#374151", fontSize: 16, lineHeight: 1.6, margin: "0 0 16px" } as const;
const small = { color: "#6b7280", fontSize: 13, lineHeight: 1.5, margin: "0 0 8px" } as const;

export function ConfirmSubscriptionEmail(props: ConfirmationEmailProps) {
  const { workspaceName, postalAddress, confirmUrl } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Confirm your subscription to ${workspaceName}`}</Preview>
      <Body style={{ backgroundColor: "#f3f4f6", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: 0 }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "32px 16px" }}>
          <Section style={{ backgroundColor: "#ffffff", borderRadius: 8, padding: 32 }}>
            <Heading as="h1" style={{ color: "#111827", fontSize: 22, margin: "0 0 16px" }}>
              Please confirm your subscription
            </Heading>
            <Text style={text}>
              You asked to receive emails from {workspaceName}. Confirm your address so we know it was you.
            </Text>
            <Button
              href={confirmUrl}
              style={{
                backgroundColor: props.buttonColor ?? "#4f46e5",
                color: props.buttonTextColor ?? "#ffffff",
                borderRadius: 6,
                padding: "12px 20px",
                fontSize: 16,
                fontWeight: 600,
                textDecoration: "none",
              }}
            >
              Yes, subscribe me
            </Button>
            <Text style={{ ...small, marginTop: 24 }}>
              Or open this link: <Link href={confirmUrl}>{confirmUrl}</Link>
            </Text>
            <Text style={small}>
              If you did not sign up, ignore this email: you will not be subscribed and will hear nothing more. The link
              works for 7 days.
            </Text>
          </Section>
          <Text style={{ ...small, textAlign: "center", marginTop: 16 }}>
            {workspaceName}
            {postalAddress ? ` · ${postalAddress.replace(/\s*\r?\n\s*/g, ", ")}` : ""}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

// Rendering React is most of a confirmation's cost (about 4 ms of CPU each); one sender's emails differ only in the
// link. So each sender's email is rendered once with a placeholder link, kept, and the link put in per message.
const PLACEHOLDER = "https://sendwell.invalid/confirm-placeholder";
const MAX_CACHED = 200;
const rendered = new Map<string, Promise<{ subject: string; html: string; text: string }>>();

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

async function renderTemplate(props: Omit<ConfirmationEmailProps, "confirmUrl">) {
  const html = await render(createElement(ConfirmSubscriptionEmail, { ...props, confirmUrl: PLACEHOLDER }));
  return { subject: `Confirm your subscription to ${props.workspaceName}`, html, text: toPlainText(html) };
}

export async function renderConfirmationEmail({ confirmUrl, ...props }: ConfirmationEmailProps) {
  const key = JSON.stringify(props);
  let template = rendered.get(key);
  if (!template) {
    if (rendered.size >= MAX_CACHED) rendered.delete(rendered.keys().next().value!);
    template = renderTemplate(props);
    rendered.set(key, template);
    template.catch(() => rendered.delete(key));
  }
  const { subject, html, text } = await template;
  return {
    subject,
    html: html.replaceAll(PLACEHOLDER, escapeHtml(confirmUrl)),
    text: text.replaceAll(PLACEHOLDER, confirmUrl),
  };
}
