// The layout of every broadcast: hidden preview text, the themed content card, and the footer that always carries
// the unsubscribe link and the sender's postal address (CAN-SPAM, and what RFC 8058's header points back to).
import { Fragment } from "react";
import { Body, Container, Head, Html, Link, Section, Text } from "@react-email/components";
import type { Block, FooterStyles } from "@/lib/schemas/blocks";
import { Inline } from "./blocks/inline";
import { RenderBlocks } from "./render-blocks";
import type { SlotRecorder } from "./template";
import type { ThemeTokens } from "@/lib/email-content/themes";

export type BroadcastEmailProps = {
  previewText: string;
  blocks: Block[];
  theme: ThemeTokens;
  footerStyles: FooterStyles;
  workspace: { name: string; postalAddress: string | null };
  slots: SlotRecorder;
};

// What mail clients show after the subject; padded so they do not fill the rest with the body's first words.
const PREVIEW_LENGTH = 150;
const PREVIEW_PAD = "\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff";

export function BroadcastEmail({ previewText, blocks, theme, footerStyles, workspace, slots }: BroadcastEmailProps) {
  const footerText = footerStyles.textColor ?? theme.footerText;
  const footerLink = footerStyles.linkColor ?? footerText;
  const footer = {
    color: footerText,
    fontSize: footerStyles.fontSize ?? 12,
    lineHeight: 1.5,
    textAlign: footerStyles.align ?? "center",
    margin: "0 0 8px",
  } as const;
  const preview = previewText.trim();
  const address = (workspace.postalAddress ?? "").trim().split(/\r?\n/).filter(Boolean);
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content={theme.colorScheme} />
      </Head>
      <Body style={{ backgroundColor: theme.pageBackground, fontFamily: theme.fontFamily, margin: 0, padding: 0 }}>
        {preview ? (
          <div
            style={{ display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 }}
            data-skip-in-text
          >
            {slots.mergeTags(preview) + PREVIEW_PAD.repeat(Math.max(0, PREVIEW_LENGTH - preview.length))}
          </div>
        ) : null}
        <Container style={{ maxWidth: 600, width: "100%", margin: "0 auto", padding: "24px 0" }}>
          <Section
            style={{
              backgroundColor: theme.contentBackground,
              borderRadius: theme.radius,
              padding: `${theme.padding}px ${theme.padding}px ${Math.max(theme.padding - 16, 8)}px`,
            }}
          >
            <RenderBlocks blocks={blocks} theme={theme} slots={slots} />
          </Section>
          <Section
            style={{
              backgroundColor: footerStyles.backgroundColor ?? theme.footerBackground,
              padding: "24px 16px",
              marginTop: 8,
            }}
          >
            <Text style={footer}>
              {footerStyles.text ? (
                <Inline
                  source={footerStyles.text}
                  slots={slots}
                  linkStyle={{ color: footerLink, textDecoration: "underline" }}
                />
              ) : (
                `You are receiving this email because you subscribed to ${workspace.name}.`
              )}
            </Text>
            <Text style={footer}>
              <Link href={slots.unsubscribe()} style={{ color: footerLink, textDecoration: "underline" }}>
                Unsubscribe
              </Link>
            </Text>
            <Text style={footer}>
              {workspace.name}
              {address.map((line, i) => (
                <Fragment key={i}>
                  <br />
                  {line}
                </Fragment>
              ))}
            </Text>
          </Section>
        </Container>
        {slots.pixel()}
      </Body>
    </Html>
  );
}
