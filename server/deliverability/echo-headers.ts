// The headers that make a provider echo our recipient token back in its delivery events, so a bounce or complaint
// finds its recipient row even when the provider's message id is not the one we stored (SMTP relays through SES,
// Postmark, SendGrid or Mailgun hand us no id, or one the events do not carry). The webhook parsers read the token
// back under ECHO_KEY (server/deliverability/webhooks/*) and check its signature (readRecipientToken): a forged or
// altered token matches nothing.

/** The name the token travels under in every provider's metadata. */
export const ECHO_KEY = "sendwell_token";

/**
 * `provider` is SendingIdentity.provider (ses, postmark, sendgrid, mailgun, resend, none); `token` is
 * recipientToken(recipientId) (letters, digits, ".", "_", "-": valid as an SES tag value and in every header).
 * Resend events carry the message id we store from its API answer, and plain SMTP bounces come back through the
 * VERP return path: neither needs a header.
 */
export function echoHeaders(provider: string, token: string): Record<string, string> {
  switch (provider) {
    case "ses":
      // Published with the configuration set's event destination as mail.tags.sendwell_token = [token].
      return { "X-SES-MESSAGE-TAGS": `${ECHO_KEY}=${token}` };
    case "postmark":
      // Comes back as Metadata.sendwell_token in every webhook.
      return { [`X-PM-Metadata-${ECHO_KEY}`]: token };
    case "sendgrid":
      // unique_args come back as top-level fields of each event.
      return { "X-SMTPAPI": JSON.stringify({ unique_args: { [ECHO_KEY]: token } }) };
    case "mailgun":
      // Comes back as event-data["user-variables"].sendwell_token.
      return { "X-Mailgun-Variables": JSON.stringify({ [ECHO_KEY]: token }) };
    default:
      return {};
  }
}
