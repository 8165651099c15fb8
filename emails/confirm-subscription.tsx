// The double opt-in email: one clear button, the plain link for clients that hide buttons, what happens if the
// reader did not ask for it (nothing), and the sender's postal address. The subject and the message above the button
// are the form's own when it sets them (defaults otherwise), with merge tags filled per contact. Rendered per message
// (a handful per sign-up, not a broadcast's hundreds of thousands), so no compile-once templating here.
import { createElement, Fragment } from "react";
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render, toPlainText } from "@react-email/render";
import { defaultConfirmationSubject, defaultConfirmationText } from "@/lib/schemas/forms";
import { mergeValue, replaceMergeTags, type MergeValues } from "@/lib/email-content/merge-tags";
import { escapeHtml } from "./personalize";

export type ConfirmationEmailProps = {
  workspaceName: string;
  postalAddress: string | null;
  confirmUrl: string;
  buttonColor?: string;
  buttonTextColor?: string;
  /** The form's subject and message (null or absent: the defaults); merge tags allowed. */
  subject?: string | null;
  message?: string | null;
  /** The contact's values for merge tags (absent: every tag shows its fallback). */
  values?: MergeValues;
};

const text = { color: "#374151", fontSize: 16, lineHeight: 1.6, margin: "0 0 16px" } as const;
const small = { color: "#6b7280", fontSize: 13, lineHeight: 1.5, margin: "0 0 8px" } as const;

/** Paragraphs split at blank lines; a single line break stays one. */
function Message({ message }: { message: string }) {
  return message
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((paragraph, i) => (
      <Text key={i} style={text}>
        {paragraph.split(/\r?\n/).map((line, j) => (
          <Fragment key={j}>
            {j > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
    ));
}

export function ConfirmSubscriptionEmail(props: Omit<ConfirmationEmailProps, "subject" | "values">) {
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
            <Message message={props.message || defaultConfirmationText(workspaceName)} />
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

// Rendering React is most of a confirmation's cost (about 4 ms of CPU each); one form's emails differ only in the
// link and the merge values. So each sender's email is rendered once with a placeholder link and a placeholder per
// merge tag, kept, and the link and the contact's values put in per message (escaped for the HTML).
const PLACEHOLDER = "https://sendwell.invalid/confirm-placeholder";
const slot = (i: number) => `swmergeslot${i}x`;
const SLOT = /swmergeslot(\d+)x/g;
const MAX_CACHED = 200;
type Template = { subject: string; html: string; text: string; tags: [string, string | null][] };
const rendered = new Map<string, Promise<Template>>();

async function renderTemplate({ subject, ...props }: Omit<ConfirmationEmailProps, "confirmUrl" | "values">) {
  const tags: [string, string | null][] = [];
  const message = props.message
    ? replaceMergeTags(props.message, (key, fallback) => slot(tags.push([key, fallback]) - 1))
    : props.message;
  const html = await render(createElement(ConfirmSubscriptionEmail, { ...props, message, confirmUrl: PLACEHOLDER }));
  return { subject: subject || defaultConfirmationSubject(props.workspaceName), html, text: toPlainText(html), tags };
}

const noValues: MergeValues = { email: "", firstName: null, lastName: null, fields: {} };

export async function renderConfirmationEmail({ confirmUrl, values = noValues, ...props }: ConfirmationEmailProps) {
  const key = JSON.stringify(props);
  let template = rendered.get(key);
  if (!template) {
    if (rendered.size >= MAX_CACHED) rendered.delete(rendered.keys().next().value!);
    template = renderTemplate(props);
    rendered.set(key, template);
    template.catch(() => rendered.delete(key));
  }
  const { subject, html, text, tags } = await template;
  const valueOf = (i: string) => {
    const [tag, fallback] = tags[Number(i)] ?? ["", null];
    return mergeValue(values, tag, fallback);
  };
  return {
    // A subject is a header: a value's line breaks would start a new header line.
    subject: replaceMergeTags(subject, (tag, fallback) => mergeValue(values, tag, fallback)).replace(/[\r\n]+/g, " "),
    html: html.replaceAll(PLACEHOLDER, escapeHtml(confirmUrl)).replace(SLOT, (_, i: string) => escapeHtml(valueOf(i))),
    text: text.replaceAll(PLACEHOLDER, confirmUrl).replace(SLOT, (_, i: string) => valueOf(i)),
  };
}
