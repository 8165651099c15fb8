// NEXTAUTH_SECRET signs sessions and derives the other server keys. When the operator sets none, a random one is
// created once and kept in DATA_DIR, so sessions survive restarts of a single-machine install.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { dataDir } from "./database.mjs";

export function ensureServerSecret() {
  if (process.env.NEXTAUTH_SECRET) return process.env.NEXTAUTH_SECRET;
  const file = path.join(dataDir(), "secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  process.env.NEXTAUTH_SECRET = readFileSync(file, "utf8").trim();
  return process.env.NEXTAUTH_SECRET;
}
