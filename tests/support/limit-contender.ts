// One of several processes contending for one limit (tests/integration/limits-across-processes.test.ts), run with
// `node --import tsx`. Connects to DATABASE_URL, says "ready", waits for "go" on stdin so every process starts at
// once, then makes its attempts all at the same time and prints one JSON line of outcomes.
//   tokens <key> <attempts> <limit>             → { allowed }
//   sign-in <email> <address> <attempts>        → { outcomes: ("wrong" | "signed in" | <refusal message>)[] }
import { createInterface } from "node:readline";
import { sql } from "@/server/db/pool";
import { disconnectDb } from "@/server/db/client";
import { takeToken } from "@/server/http/rate-limit";
import { signInWithPassword } from "@/server/services/users/sign-in-with-password";

const [mode, ...args] = process.argv.slice(2);

async function contend(): Promise<unknown> {
  if (mode === "tokens") {
    const [key, attempts, limit] = [args[0]!, Number(args[1]), Number(args[2])];
    const results = await Promise.all(
      Array.from({ length: attempts }, () => takeToken(key, { limit, windowMs: 60_000 })),
    );
    return { allowed: results.filter((r) => r.allowed).length };
  }
  if (mode === "sign-in") {
    const [email, address, attempts] = [args[0]!, args[1]!, Number(args[2])];
    const outcomes = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        signInWithPassword({ email, password: `wrong guess ${i}`, clientAddress: address }).then(
          (user) => (user ? "signed in" : "wrong"),
          (error: Error) => error.message,
        ),
      ),
    );
    return { outcomes };
  }
  throw new Error(`Unknown mode ${mode}`);
}

// Open the pool's connections before the start, so neither process starts late by connecting.
await Promise.all(Array.from({ length: 4 }, () => sql("SELECT 1", [])));
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === "go") break;
console.log(JSON.stringify(await contend()));
await disconnectDb();
