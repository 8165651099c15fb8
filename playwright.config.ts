import { defineConfig } from "@playwright/test";
import { existsSync } from "node:fs";

const port = Number(process.env.E2E_PORT || 3100);
const chromium = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  // ui specs run in file order (01-onboarding first creates the user the others sign in as).
  projects: [
    { name: "ui", testDir: "e2e/ui" },
    { name: "api", testDir: "e2e/api", dependencies: ["ui"] },
  ],
  webServer: {
    // A production build on a fresh database (a new embedded folder, or a new database on TEST_DATABASE_URL's server).
    command: "node e2e/serve.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(port) },
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
