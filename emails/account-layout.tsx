// The frame of Sendwell's own account mail (password reset, email change): the app speaking to one of its users,
// so no workspace branding and no unsubscribe link; a heading, a few sentences, one button and the plain link.
import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";

export const accountText = { color: "#374151", fontSize: 16, lineHeight: 1.6, margin: "0 0 16px" } as const;
export const accountSmall = { color: "#6b7280", fontSize: 13, lineHeight: 1.5, margin: "0 0 8px" } as const;

export function AccountEmailLayout(props: {
  preview: string;
  heading: string;
  children: ReactNode;
  action?: { label: string; url: string };
  footnote?: ReactNode;
}) {
  const { action } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: "#f3f4f6", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: 0 }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "32px 16px" }}>
          <Section style={{ backgroundColor: "#ffffff", borderRadius: 8, padding: 32 }}>
            <Heading as="h1" style={{ color: "#111827", fontSize: 22, margin: "0 0 16px" }}>
              {props.heading}
            </Heading>
            {props.children}
            {action && (
              <>
                <Button
                  href={action.url}
                  style={{
                    backgroundColor: "#4f46e5",
                    color: "#ffffff",
                    borderRadius: 6,
                    padding: "12px 20px",
                    fontSize: 16,
                    fontWeight: 600,
                    textDecoration: "none",
                  }}
                >
                  {action.label}
                </Button>
                <Text style={{ ...accountSmall, marginTop: 24 }}>
                  Or open this link: <Link href={action.url}>{action.url}</Link>
                </Text>
              </>
            )}
            {props.footnote && <Text style={accountSmall}>{props.footnote}</Text>}
          </Section>
          <Text style={{ ...accountSmall, textAlign: "center", marginTop: 16 }}>Sendwell</Text>
        </Container>
      </Body>
    </Html>
  );
}
