import { describe, expect, it } from "vitest";
import { HOT_ROUTES, matchHotRoute } from "./hot-routes";

describe("matchHotRoute", () => {
  it.each([
    ["/t/o/abc.DEF_-", HOT_ROUTES.open, { token: "abc.DEF_-" }],
    ["/t/o/abc?utm=1", HOT_ROUTES.open, { token: "abc" }],
    ["/t/c/12/abc", HOT_ROUTES.click, { linkId: "12", token: "abc" }],
    ["/u/abc/one-click", HOT_ROUTES.oneClick, { token: "abc" }],
    ["/api/forms/f1", HOT_ROUTES.formConfig, { id: "f1" }],
    ["/api/forms/f1/views", HOT_ROUTES.formViews, { id: "f1" }],
    ["/api/forms/f1/submissions?x", HOT_ROUTES.formSubmissions, { id: "f1" }],
    ["/api/health", HOT_ROUTES.health, {}],
    ["/api/health?probe=1", HOT_ROUTES.health, {}],
  ])("%s is a hot route", (target, route, params) => {
    expect(matchHotRoute(target)).toEqual({ route, params });
  });

  it("decodes params as Next.js does, and passes percent-encoding that does not decode as written", () => {
    expect(matchHotRoute("/t/o/a%2Fb")?.params).toEqual({ token: "a/b" });
    expect(matchHotRoute("/t/c/1/%C3%A9")?.params).toEqual({ linkId: "1", token: "é" });
    expect(matchHotRoute("/t/o/%E0%A4%A")?.params).toEqual({ token: "%E0%A4%A" });
  });

  it.each([
    "/",
    "/contacts",
    "/t/o",
    "/t/o/",
    "/t/o/abc/",
    "/t/o/a/b",
    "/t/c/1",
    "/t/c/1/..",
    "/t/o/%2E%2E",
    "/u//one-click",
    "/u/abc/one-click/",
    "/u/abc",
    "/api/forms",
    "/api/forms/f1/other",
    "/api/health/",
    "/api/healthz",
    "http://evil.example/t/o/abc",
    "*",
  ])("%s goes to Next.js", (target) => {
    expect(matchHotRoute(target)).toBeNull();
  });
});

describe("HOT_ROUTES", () => {
  it("lists for each path every method some module answers (the 405's Allow), HEAD with GET and OPTIONS", () => {
    expect(Object.fromEntries(Object.entries(HOT_ROUTES).map(([name, route]) => [name, route.allow]))).toEqual({
      open: "GET, HEAD, OPTIONS",
      click: "GET, HEAD, OPTIONS",
      oneClick: "GET, HEAD, POST, OPTIONS",
      formConfig: "GET, HEAD, OPTIONS",
      formViews: "POST, OPTIONS",
      formSubmissions: "POST, OPTIONS",
      health: "GET, HEAD, OPTIONS",
    });
  });

  it("answers HEAD on the tracking routes with the modules' own HEAD (no hit recorded), never their GET", () => {
    expect(HOT_ROUTES.open.handlers.HEAD).toBeDefined();
    expect(HOT_ROUTES.open.handlers.HEAD).not.toBe(HOT_ROUTES.open.handlers.GET);
    expect(HOT_ROUTES.click.handlers.HEAD).not.toBe(HOT_ROUTES.click.handlers.GET);
  });
});
