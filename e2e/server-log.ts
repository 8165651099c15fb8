// Reading the e2e server's log (e2e/serve.mjs tees the server's output there): offline, account mail such as a
// password reset link is printed to it by the outbox transport, as an operator would find it.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

export const serverLogPath = () => process.env.E2E_SERVER_LOG ?? path.join(tmpdir(), "sendwell-e2e-server.log");

const readLog = () => {
  try {
    return readFileSync(serverLogPath(), "utf8");
  } catch {
    return "";
  }
};

/**
 * The newest link in an account-mail log line to `to` whose path starts with `pathPrefix` ("/reset-password/"),
 * waiting for it to appear (the email is sent after the page answered). `after` skips links seen before.
 */
export async function accountLinkFromLog(to: string, pathPrefix: string, after: string[] = []): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readLog()
          .split("\n")
          .filter((line) => line.includes(`account mail to ${to}:`));
        const links = lines.flatMap((line) => line.split(" ").filter((word) => word.includes(pathPrefix)));
        found = links.filter((link) => !after.includes(link)).at(-1);
        return found;
      },
      { message: `an account mail to ${to} with a ${pathPrefix} link in ${serverLogPath()}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Every account-mail link to `to` so far (to tell a new one from older ones). */
export function accountLinksInLog(to: string, pathPrefix: string): string[] {
  return readLog()
    .split("\n")
    .filter((line) => line.includes(`account mail to ${to}:`))
    .flatMap((line) => line.split(" ").filter((word) => word.includes(pathPrefix)));
}
