// GET /api/health – health for load balancers and `npm start`; no key. 200 when the database answers a `SELECT 1`
// within 2 s (through the process's own pool), else 503 saying so: a web server whose database hangs is not
// healthy. `instance` is the SHA-256 of the token `npm start` gave this server (SENDWELL_INSTANCE), so start.mjs
// says "ready" only when its own server answers, never another program on the same port; the token is never shown.
import { createHash } from "node:crypto";
import { databaseAnswers } from "@/server/db/ping";

export const dynamic = "force-dynamic";

const token = process.env.SENDWELL_INSTANCE;
const instance = token ? createHash("sha256").update(token).digest("hex") : undefined;

export async function GET() {
  const tag = instance ? { instance } : {};
  if (await databaseAnswers()) return Response.json({ status: "ok", ...tag });
  return Response.json(
    { status: "unavailable", detail: "The database does not answer.", ...tag },
    { status: 503, headers: { "Cache-Control": "no-store" } },
  );
}
