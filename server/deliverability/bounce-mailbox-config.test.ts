import { describe, expect, it } from "vitest";
import { bounceMailboxSettings, viewOf } from "./bounce-mailbox-config";

const base = { BOUNCE_IMAP_HOST: "imap.example.com", BOUNCE_IMAP_USER: "bounces", BOUNCE_IMAP_PASS: "pw" };

describe("bounce mailbox settings", () => {
  it("is off without a host, and defaults to implicit TLS on 993, INBOX, move, 60 s", () => {
    expect(bounceMailboxSettings({})).toEqual({ state: "off" });
    expect(bounceMailboxSettings(base)).toEqual({
      state: "on",
      config: {
        host: "imap.example.com",
        port: 993,
        tls: "implicit",
        user: "bounces",
        pass: "pw",
        mailbox: "INBOX",
        after: "move",
        pollMs: 60_000,
      },
    });
    const starttls = bounceMailboxSettings({ ...base, BOUNCE_IMAP_TLS: "STARTTLS", BOUNCE_IMAP_AFTER: "delete" });
    expect(starttls).toMatchObject({ state: "on", config: { port: 143, tls: "starttls", after: "delete" } });
  });

  it.each([
    [{ BOUNCE_IMAP_USER: "x" }, /BOUNCE_IMAP_HOST is not set/],
    [{ ...base, BOUNCE_IMAP_TLS: "ssl" }, /BOUNCE_IMAP_TLS must be/],
    [{ ...base, BOUNCE_IMAP_PORT: "99999" }, /BOUNCE_IMAP_PORT/],
    [{ ...base, BOUNCE_IMAP_PASS: "" }, /BOUNCE_IMAP_USER and BOUNCE_IMAP_PASS/],
    [{ ...base, BOUNCE_IMAP_AFTER: "archive" }, /BOUNCE_IMAP_AFTER/],
    [{ ...base, BOUNCE_IMAP_POLL_SECONDS: "0" }, /BOUNCE_IMAP_POLL_SECONDS/],
  ])("says in words what is wrong: %o", (env, message) => {
    const settings = bounceMailboxSettings(env);
    expect(settings.state).toBe("error");
    expect(settings.state === "error" && settings.error).toMatch(message);
  });

  it("never shows the password", () => {
    const settings = bounceMailboxSettings(base);
    if (settings.state !== "on") throw new Error("expected on");
    expect(JSON.stringify(viewOf(settings.config))).not.toContain("pw");
  });
});
