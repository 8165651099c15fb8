// A signed-in marketer for the benchmarks that time dashboard pages without a browser: a user and its membership
// seeded in SQL, signed in through next-auth's credentials endpoint as the sign-in form does (so the session is a
// real Session row and cookie), then whole pages fetched one after another.
import bcrypt from "bcryptjs";
import { pct, round } from "./proc.mjs";

/** An owner of the workspace who can sign in with `email` and `password`. */
export async function createDashboardUser(client, workspaceId, { email, password, name = "Bench Owner" }) {
  // Cost 10, not the app's 12: only sign-in checks it, once, and the benchmark is not about bcrypt.
  const hash = await bcrypt.hash(password, 10);
  const {
    rows: [user],
  } = await client.query(
    `INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, now())
     RETURNING id`,
    [email, name, hash],
  );
  await client.query(
    `INSERT INTO "Membership" (id, "workspaceId", "userId", role) VALUES (gen_random_uuid(), $1, $2, 'owner')`,
    [workspaceId, user.id],
  );
}

const cookiesOf = (res) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

/** Signs in like the sign-in form (csrf token, then the credentials callback) and answers the Cookie header value. */
export async function signIn(base, { email, password }) {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrf.json();
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: `${base}/` }),
  });
  await res.arrayBuffer();
  const session = cookiesOf(res).filter((c) => /^(__Secure-)?next-auth\.session-token/.test(c));
  if (session.length === 0) throw new Error(`signing in failed (${res.status})`);
  return session.join("; ");
}

/**
 * `count` loads of a dashboard page one after another (after one not counted), each the whole HTML: how long a
 * marketer waits for the page. A load counts as an error unless it is a 200 whose <title> names `title`.
 */
export async function timePageLoads(base, cookie, path, { count, title }) {
  const times = [];
  const statusCodes = {};
  let errors = 0;
  for (let i = 0; i <= count; i++) {
    const t0 = performance.now();
    let status = "error";
    let ok = false;
    try {
      const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
      const html = await res.text();
      status = res.status;
      ok = res.status === 200 && new RegExp(`<title>[^<]*${title}`).test(html);
    } catch {
      // counted as an error below
    }
    if (i === 0) continue; // the first load warms the route up
    times.push(performance.now() - t0);
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (!ok) errors++;
  }
  times.sort((a, b) => a - b);
  return {
    path,
    loads: count,
    p50: round(pct(times, 0.5)),
    p95: round(pct(times, 0.95)),
    max: round(times.at(-1)),
    errors,
    statusCodes,
  };
}
