import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

const asObject = (path: string, appUrl = "http://localhost:3000") => Object.fromEntries(securityHeaders(path, appUrl));

describe("securityHeaders", () => {
  it("refuses framing of dashboard, auth and public pages, with nosniff and a referrer policy", () => {
    for (const path of ["/", "/contacts", "/sign-in", "/settings/api-keys", "/u/abc", "/confirm/abc", "/api/v1/tags"]) {
      expect(asObject(path)).toEqual({
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Content-Security-Policy": "frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
      });
    }
  });

  it("lets landing pages, uploads and the embed script be framed or shown anywhere", () => {
    for (const path of ["/f/spring-sale", "/uploads/ws/logo.png", "/embed.js"]) {
      const headers = asObject(path);
      expect(headers["X-Frame-Options"]).toBeUndefined();
      expect(headers["Content-Security-Policy"]).toBeUndefined();
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    }
    expect(asObject("/embed.js.map")["X-Frame-Options"]).toBe("DENY");
    // A path that only looks framable: Next.js normalises the dot segments away and serves another page.
    for (const path of ["/f/../signin", "/f/%2e%2e/signin", "/f/.%2E/signin", "/uploads/../contacts", "/f/lp/./x"])
      expect(asObject(path)["X-Frame-Options"]).toBe("DENY");
    expect(asObject("/f/spring..sale")["X-Frame-Options"]).toBeUndefined();
  });

  it("lets only the dashboard frame its template thumbnails", () => {
    expect(asObject("/api/dashboard/template-previews/starter/welcome")).toMatchObject({
      "X-Frame-Options": "SAMEORIGIN",
      "Content-Security-Policy": "frame-ancestors 'self'",
    });
  });

  it("adds HSTS only when the app is served over https", () => {
    expect(asObject("/", "https://mail.example.com")["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(asObject("/", "http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
  });
});
