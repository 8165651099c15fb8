// Hot paths run as named prepared statements (server/db/pool.ts preparedSql). On the embedded server every connection
// shares PGlite's one session: names must not collide between connections, and a connection's statements must go
// when it closes (scripts/lib/embedded-session.mjs), as they do on a PostgreSQL server.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { preparedSql, sql } from "@/server/db/pool";

const prepared = async (prefix: string) =>
  (await sql<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name LIKE $1 || '%'`, [prefix])).map(
    (r) => r.name,
  );

describe("prepared statements", () => {
  it("serve concurrent callers on every pooled connection with their own parameters", async () => {
    const text = "SELECT $1::int * 2 AS doubled";
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => preparedSql<{ doubled: number }>(text, [i])),
    );
    expect(results.map((rows) => rows[0]!.doubled)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it("are gone when the connection that prepared them closes", async () => {
    const name = `closing_${Date.now()}`;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const rows = await client.query({ name, text: "SELECT $1::text AS echoed", values: ["x"] });
    expect(rows.rows).toEqual([{ echoed: "x" }]);
    // Visible from the connection itself (and, embedded, from every connection: one session).
    expect((await client.query(`SELECT name FROM pg_prepared_statements WHERE name = $1`, [name])).rowCount).toBe(1);
    await client.end();
    // The server drops them after the disconnection, asynchronously: wait for it.
    let left = await prepared(name);
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      left = await prepared(name);
    }
    expect(left).toEqual([]);
  });
});
