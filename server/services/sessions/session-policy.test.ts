import { describe, expect, it } from "vitest";
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, sessionExpiry } from "./session-policy";

describe("sessionExpiry", () => {
  const signIn = new Date("2026-01-01T00:00:00Z");

  it("ends a session 7 days after its last use", () => {
    const lastSeen = new Date(signIn.getTime() + 3 * 24 * 3600_000);
    expect(sessionExpiry(signIn, lastSeen).getTime()).toBe(lastSeen.getTime() + SESSION_IDLE_MS);
  });

  it("never lets use extend a session beyond 30 days after sign-in", () => {
    const lastSeen = new Date(signIn.getTime() + 29 * 24 * 3600_000);
    expect(sessionExpiry(signIn, lastSeen).getTime()).toBe(signIn.getTime() + SESSION_MAX_AGE_MS);
  });
});
