// Whether the production build in .next is older than the sources it was built from.
import { existsSync, statSync, readdirSync } from "node:fs";
import path from "node:path";
import { root } from "./schema-engine.mjs";

export const SOURCES = [
  "app",
  "components",
  "lib",
  "server",
  "emails",
  "features",
  "public",
  "types",
  "next.config.mjs",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
