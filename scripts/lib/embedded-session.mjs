// PGlite has one PostgreSQL session, and every connection of the embedded server shares it. This queue decides whose
// messages it runs: one connection at a time for the length of an exchange (Parse … Sync, a simple Query, a COPY)
// and of a transaction, judged from what PGlite answers (its exchange ends with ReadyForQuery saying "idle"), so no
// other connection's messages ever run in between; among the others, first come first served.
import { readyTracker } from "./pg-wire.mjs";

/**
 * What a closed connection leaves behind, undone as a server undoes it when its backend exits. CopyFail ends a COPY
 * from the client (ignored otherwise); BEGIN turns an extended-protocol implicit transaction into one that ROLLBACK
 * undoes (so the dead client's unfinished work is not committed by what follows); Sync ends an exchange that failed
 * (PostgreSQL ignores everything but Sync then); the last ROLLBACK ends a transaction that failed.
 */
function abortMessages() {
  return Buffer.concat([
    typed("f", "connection closed\0"),
    query("BEGIN"),
    query("ROLLBACK"),
    typed("S", ""),
    query("ROLLBACK"),
  ]);
}

function typed(type, text) {
  const body = Buffer.from(text, "utf8");
  const out = Buffer.alloc(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}
const query = (text) => typed("Q", `${text}\0`);

export class Session {
  /**
   * @param db PGlite
   * @param idleHolderTimeout ms a connection may hold the session (open transaction or exchange) without sending
   *   anything while others wait, before it is disconnected (and its transaction rolled back).
   */
  constructor(db, { idleHolderTimeout, log }) {
    this.db = db;
    this.idleHolderTimeout = idleHolderTimeout;
    this.log = log;
    this.items = [];
    this.owner = null;
    this.running = null;
    this.tracker = readyTracker();
    this.ownerIdleSince = 0;
    this.idleTimer = null;
    this.stopped = false;
  }

  /** Queues `bytes` (whole messages) of `conn`; `conn.deliver(chunk)` gets PGlite's answer. */
  enqueue(conn, bytes) {
    return new Promise((resolve) => {
      this.items.push({ conn, bytes, resolve });
      this.pump();
    });
  }

  /**
   * Forgets what `conn` queued and, once its turn comes, undoes its open exchange or transaction (if it holds the
   * session) and deallocates its named prepared statements: names it chose must not outlive it (they would pile up
   * for as long as the server runs, and a new connection could collide with them).
   */
  farewell(conn) {
    for (const item of this.items.filter((i) => i.conn === conn)) item.resolve(false);
    this.items = this.items.filter((i) => i.conn !== conn);
    this.items.push({ conn, farewell: true, resolve: () => {} });
    this.pump();
  }

  next() {
    if (this.owner) {
      const index = this.items.findIndex((i) => i.conn === this.owner);
      return index === -1 ? null : this.items.splice(index, 1)[0];
    }
    return this.items.shift() ?? null;
  }

  async pump() {
    if (this.running || this.stopped) return;
    const item = this.next();
    if (!item) {
      this.watchIdleHolder();
      return;
    }
    this.running = item;
    let finished;
    this.runningDone = new Promise((resolve) => (finished = resolve));
    let ok = true;
    try {
      const bytes = item.farewell ? this.farewellBytes(item.conn) : item.bytes;
      if (bytes.length > 0) {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(new Uint8Array(bytes), {
            onRawData: (chunk) => {
              this.tracker.feed(chunk);
              if (!item.farewell) item.conn.deliver(chunk);
            },
          }),
        );
      }
    } catch (error) {
      ok = false;
      this.log(`Embedded database: PGlite failed on a client's messages: ${error?.message ?? error}`);
      item.conn.fail("XX000", "the embedded database failed to run this request");
      // Its answer may have stopped mid-message: start reading afresh from the farewell's ReadyForQuery.
      this.tracker = readyTracker();
    }
    this.running = null;
    finished();
    // A failed connection keeps the session until its farewell has undone whatever it left open.
    this.owner = item.farewell ? null : !ok || !this.tracker.idle ? item.conn : null;
    this.ownerIdleSince = Date.now();
    item.resolve(ok);
    setImmediate(() => this.pump());
  }

  farewellBytes(conn) {
    const parts = this.owner === conn ? [abortMessages()] : [];
    for (const name of conn.statements) parts.push(query(`DEALLOCATE "${name.replaceAll('"', '""')}"`));
    conn.statements.clear();
    return Buffer.concat(parts);
  }

  /** A holder that went quiet while others wait is disconnected after idleHolderTimeout: one silent client must not
   * stall every other (a crashed process's half-open socket, a client stopped mid-message inside a transaction). */
  watchIdleHolder() {
    clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const holder = this.owner;
    if (!holder || this.items.length === 0 || this.stopped) return;
    const left = this.ownerIdleSince + this.idleHolderTimeout - Date.now();
    if (left > 0) {
      this.idleTimer = setTimeout(() => this.watchIdleHolder(), left);
      this.idleTimer.unref();
      return;
    }
    this.log(
      `Embedded database: disconnected a client that held the database idle for ${Math.round(this.idleHolderTimeout / 1000)} s while others waited.`,
    );
    holder.fail("25P03", "terminating connection: it held the embedded database idle while other clients waited");
  }

  /** Stops running anything new; answers the item still running, if any, once PGlite returns. */
  stop() {
    this.stopped = true;
    clearTimeout(this.idleTimer);
    for (const item of this.items) item.resolve(false);
    this.items = [];
    return this.running ? this.runningDone : Promise.resolve();
  }
}
