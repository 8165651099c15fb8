// GET /api/health – liveness for load balancers and `npm start`; no key, no database round trip. `instance` is the
// SHA-256 of the token `npm start` gave this server (SENDWELL_INSTANCE), so start.mjs says "ready" only when its
// own server answers, never another program on the same port; the token itself is never shown.
import { createHash } from "node:crypto";

export const dynamic = "force-dynamic";

const token = process.env.SENDWELL_INSTANCE;
const instance = token ? createHash("sha256").update(token).digest("hex") : undefined;

export function GET() {
  return Response.json({ status: "ok", ...(instance ? { instance } : {}) });
}
