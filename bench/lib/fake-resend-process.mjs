// The fake Resend API (scripts/fake-resend.mjs) in a process of its own, as a benchmark uses it: its CPU is not the
// benchmark's, and its control endpoints give the counts and the accepted envelopes.
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./proc.mjs";

export async function startFakeResendProcess({ apiKey }) {
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/fake-resend.mjs"), "--port", "0", "--api-key", apiKey],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]).url);
    });
    child.once("exit", () => reject(new Error("the fake Resend API did not start")));
  });
  const control = async (method, p) => {
    const res = await fetch(`${url}/_fake/${p}`, { method });
    if (!res.ok) throw new Error(`fake Resend ${p}: ${res.status}`);
    return res.status === 204 ? null : res.json();
  };
  return {
    url,
    pid: child.pid,
    stats: () => control("GET", "stats"),
    reset: () => control("POST", "reset"),
    /** Accepted messages, distinct recipients and recipients accepted more than once (expected: `count`, 0). */
    async check(count) {
      const { total, data } = await control("GET", `emails?offset=0&limit=${count * 2 + 10}`);
      const seen = new Set();
      let duplicates = 0;
      for (const e of data) {
        for (const to of Array.isArray(e.to) ? e.to : [e.to]) {
          if (seen.has(to)) duplicates++;
          else seen.add(to);
        }
      }
      const stats = await control("GET", "stats");
      return { accepted: total, distinctRecipients: seen.size, duplicates, requests: stats.requests };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
