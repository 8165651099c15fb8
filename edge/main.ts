// The web process entry (`npm run web`, started by `npm start` / `npm run dev` through scripts/start.mjs):
//   node --import tsx edge/main.ts [--dev]
// WEB_CONCURRENCY web processes on the one port (edge/cluster.ts), each a front server with Next.js behind it.
// Only resolve hooks, the environment and dynamic imports here: the hooks must be in place before server code loads.
import { register } from "node:module";
import path from "node:path";
import nextEnv from "@next/env";

register("./resolve-hooks.mjs", import.meta.url);

const dev = process.argv.includes("--dev");
const root = path.resolve(import.meta.dirname, "..");
// What `next start` and `next dev` set before anything loads React, then the .env files Next.js reads.
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
nextEnv.loadEnvConfig(root, dev);

const { runWeb } = await import("./cluster");
await runWeb({ dev, root });
