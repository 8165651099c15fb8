// Over the per-key limit the API answers 429 with Retry-After and RateLimit-* headers, per key, as a problem body.
import { afterEach, describe, expect, it } from "vitest";
import * as tags from "@/app/api/v1/tags/route";
import { call, makeWorkspace } from "../support/fixtures";

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
});

describe("rate limiting", () => {
  it("refuses the request after the limit with a 429 problem and leaves other keys alone", async () => {
    process.env.API_RATE_LIMIT = "3";
    const ws = await makeWorkspace();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call(tags.GET, "GET", "/api/v1/tags", { key: ws.readKey }));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(statuses.map((r) => r.headers.get("RateLimit-Remaining"))).toEqual(["2", "1", "0", "0"]);
    const limited = statuses[3]!;
    expect(limited.headers.get("content-type")).toBe("application/problem+json");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.headers.get("RateLimit-Limit")).toBe("3");
    expect(limited.body).toMatchObject({ status: 429, title: "Too Many Requests", instance: "/api/v1/tags" });
    // The write key of the same workspace has its own window.
    expect((await call(tags.GET, "GET", "/api/v1/tags", { key: ws.writeKey })).status).toBe(200);
  });
});
