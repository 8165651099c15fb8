import { describe, expect, it } from "vitest";
import { MAX_DEFAULT_WEB_PROCESSES, timeouts, webProcesses } from "./config";

describe("webProcesses", () => {
  it("is WEB_CONCURRENCY when set", () => {
    expect(webProcesses({ WEB_CONCURRENCY: "3" }, 2)).toBe(3);
    expect(webProcesses({ WEB_CONCURRENCY: " 1 ", SENDWELL_EMBEDDED_DB: "1" }, 8)).toBe(1);
  });

  it("defaults to one per core, at most MAX_DEFAULT_WEB_PROCESSES, and one on the embedded database", () => {
    expect(webProcesses({}, 2)).toBe(2);
    expect(webProcesses({}, 1)).toBe(1);
    expect(webProcesses({}, 32)).toBe(MAX_DEFAULT_WEB_PROCESSES);
    expect(webProcesses({ SENDWELL_EMBEDDED_DB: "1" }, 8)).toBe(1);
  });

  it.each(["0", "-1", "1.5", "many", "65"])("refuses WEB_CONCURRENCY=%s, saying what it takes", (value) => {
    expect(() => webProcesses({ WEB_CONCURRENCY: value }, 2)).toThrow(/WEB_CONCURRENCY=.*1 to 64/);
  });
});

describe("timeouts", () => {
  it("has defaults for a server behind a load balancer, and reads durations", () => {
    expect(timeouts({})).toEqual({ headersMs: 20_000, requestMs: 300_000, keepAliveMs: 65_000, publicBodyMs: 10_000 });
    expect(timeouts({ HTTP_HEADERS_TIMEOUT: "5s", HTTP_KEEP_ALIVE_TIMEOUT: "2m" })).toMatchObject({
      headersMs: 5_000,
      keepAliveMs: 120_000,
    });
  });

  it("names the setting a bad duration came from", () => {
    expect(() => timeouts({ HTTP_REQUEST_TIMEOUT: "soon" })).toThrow(/HTTP_REQUEST_TIMEOUT: Not a duration/);
  });
});
