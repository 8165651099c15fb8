// The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) with its data in a folder, served over the
// Postgres wire protocol on a local port so Prisma, pg-boss and psql connect to it like to any server.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** Starts PGlite on `dataDir` (or in memory when null) and serves it on host:port (port 0 picks a free one). */
export async function startEmbeddedDb({ dataDir, port = 0, host = "127.0.0.1", maxConnections = 64 }) {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({ db, host, port, maxConnections });
  serialiseExchanges(server.queryQueue);
  await server.start();
  const actualPort = Number(server.getServerConn().split(":").pop());
  const url = `postgresql://postgres:postgres@${host}:${actualPort}/postgres`;
  let stopped = false;
  return {
    db,
    url,
    port: actualPort,
    /** Stops accepting connections, then closes PGlite so its data folder is consistent for the next start. */
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}

/**
 * pglite-socket 0.2.17 queues each wire-protocol message on its own, so another connection's messages could run
 * between one query's Parse and its Bind/Execute on PGlite's single session ("bind message supplies 1 parameters, but
 * prepared statement \"\" requires 2", or silently wrong rows), and an error left the queue marked busy for good.
 * Here a connection keeps the queue from its first message until Sync (or a simple Query, Terminate or the startup
 * message), as it already does for the length of a transaction, and a failed message never stalls the queue.
 * Tested by tests/integration/embedded-concurrency.test.ts; revisit when upgrading pglite-socket.
 */
function serialiseExchanges(queue) {
  const ENDS_EXCHANGE = new Set([0x53 /* Sync */, 0x51 /* Query */, 0x58 /* Terminate */, 0 /* startup */]);
  let open = null;
  queue.processQueue = async function processQueue() {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : open;
        const index = owner === null ? 0 : this.queue.findIndex((m) => m.handlerId === owner);
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          open = null;
          item.reject(error);
          continue;
        }
        const types = messageTypes(item.message);
        for (const [type, start] of types) if (type === 0x50) noteStatement(item.handlerId, item.message, start);
        open = ENDS_EXCHANGE.has(types.at(-1)?.[0] ?? 0) ? null : item.handlerId;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (open === handlerId) open = null;
    clear(handlerId);
    deallocate(queue, handlerId);
  };
}

/**
 * Every connection shares PGlite's one session, so a named prepared statement would outlive the connection that made
 * it (server/db/pool.ts prepares the hot paths' statements per connection, and pg's pool closes idle connections):
 * statements would pile up for as long as the server runs. As on a PostgreSQL server, a connection's named statements
 * go when it closes: its Parse messages are noted, and its disconnection queues a DEALLOCATE of each, as simple
 * queries taking their turn in the queue (so never inside another connection's exchange or transaction).
 */
const statements = new Map();

function noteStatement(handlerId, message, start) {
  if (message[start + 5] === 0 /* unnamed */) return;
  const name = Buffer.from(message.subarray(start + 5, message.indexOf(0, start + 5))).toString("utf8");
  let names = statements.get(handlerId);
  if (!names) statements.set(handlerId, (names = new Set()));
  names.add(name);
}

function deallocate(queue, handlerId) {
  const names = statements.get(handlerId);
  statements.delete(handlerId);
  for (const name of names ?? []) {
    const text = Buffer.from(`DEALLOCATE "${name.replaceAll('"', '""')}"\0`);
    const message = Buffer.alloc(5 + text.length);
    message[0] = 0x51; // Query
    message.writeInt32BE(4 + text.length, 1);
    text.copy(message, 5);
    // Its answer (or an error for a statement the client closed already) goes nowhere: the client has gone.
    queue.enqueue(`closed-${handlerId}`, new Uint8Array(message), () => {}).catch(() => {});
  }
}

/** [type, offset] of each message in a buffer of whole messages; a startup message (no type byte) is type 0. */
function messageTypes(buffer) {
  if (buffer[0] === 0) return [[0, 0]];
  const types = [];
  for (
    let i = 0;
    i + 5 <= buffer.length;
    i += 1 + Buffer.from(buffer.buffer, buffer.byteOffset + i + 1, 4).readInt32BE(0)
  ) {
    types.push([buffer[i], i]);
  }
  return types;
}

const STARTUP_PROTOCOL = 196608; // 3.0

/**
 * pglite-socket 0.2.17 hands PGlite one message at a time, waiting for each: an extended-protocol query (Parse, Bind,
 * Describe, Execute, Sync, sent by pg in one write) costs five trips through the queue and into WebAssembly. PGlite
 * runs a buffer of several messages in one call, so the messages a client sent together go as one item, cut after
 * each Sync or simple Query (an exchange, see serialiseExchanges); a startup or Terminate message still goes alone,
 * as PGlite recognises those by their first byte. Measured by bench/keyed-read-profile.ts.
 */
function batchMessages() {
  PGLiteSocketHandler.prototype.handleData = async function handleData(data) {
    if (!this.socket || !this.active) return 0;
    this.messageBuffer = Buffer.concat([this.messageBuffer, data]);
    let outgoing = 0;
    let writeError;
    const send = async (message) => {
      await this.queryQueue.enqueue(this.id, new Uint8Array(message), (reply) => {
        if (reply.length === 0 || !this.socket?.writable || !this.active) return;
        this.socket.write(Buffer.from(reply), (error) => {
          if (error) writeError = error;
        });
        outgoing += reply.length;
      });
      if (writeError) throw writeError;
    };
    let batch = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const message = Buffer.concat(batch);
      batch = [];
      await send(message);
    };
    while (this.messageBuffer.length > 0) {
      if (this.handleSslRequest() || this.handleCancelRequest()) continue;
      const buffer = this.messageBuffer;
      const startup = buffer.length >= 8 && buffer.readInt32BE(4) === STARTUP_PROTOCOL;
      const size = startup ? buffer.readInt32BE(0) : buffer.length >= 5 ? 1 + buffer.readInt32BE(1) : 0;
      if (size === 0 || buffer.length < size) break;
      const message = buffer.subarray(0, size);
      this.messageBuffer = buffer.subarray(size);
      if (!this.active || !this.socket) break;
      if (startup || message[0] === 0x58 /* Terminate */) {
        await flush();
        await send(message);
      } else {
        batch.push(message);
        if (message[0] === 0x53 /* Sync */ || message[0] === 0x51 /* Query */) await flush();
      }
    }
    await flush();
    this.dispatchEvent(new CustomEvent("data", { detail: { incoming: data.length, outgoing } }));
    return outgoing;
  };
}
batchMessages();
