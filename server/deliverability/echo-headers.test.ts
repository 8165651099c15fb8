import { describe, expect, it } from "vitest";
import { ECHO_KEY, echoHeaders } from "./echo-headers";

const token = "3f.AbCdEfGhIj_-KlMnOp";

describe("echoHeaders", () => {
  it("asks each provider to echo the token under the key the webhook parsers read", () => {
    expect(echoHeaders("ses", token)).toEqual({ "X-SES-MESSAGE-TAGS": `sendwell_token=${token}` });
    expect(echoHeaders("postmark", token)).toEqual({ "X-PM-Metadata-sendwell_token": token });
    expect(JSON.parse(echoHeaders("sendgrid", token)["X-SMTPAPI"]!)).toEqual({ unique_args: { [ECHO_KEY]: token } });
    expect(JSON.parse(echoHeaders("mailgun", token)["X-Mailgun-Variables"]!)).toEqual({ [ECHO_KEY]: token });
  });

  it("adds nothing where the provider's id or the return path finds the recipient", () => {
    expect(echoHeaders("resend", token)).toEqual({});
    expect(echoHeaders("none", token)).toEqual({});
    expect(echoHeaders("something-else", token)).toEqual({});
  });

  it("keeps header values on one line of safe characters", () => {
    for (const provider of ["ses", "postmark", "sendgrid", "mailgun"])
      for (const value of Object.values(echoHeaders(provider, token))) expect(value).toMatch(/^[\x20-\x7e]+$/);
  });
});
