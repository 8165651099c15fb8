// The embedded database's front door: a PostgreSQL wire-protocol server on 127.0.0.1 that does the start-up and the
// authentication (SCRAM-SHA-256) itself and hands only authenticated, well-formed messages to PGlite's one session
// (scripts/lib/embedded-session.mjs). PGlite runs the real PostgreSQL backend in-process: a start-up packet it
// rejects (no user name, say) raises a FATAL error that leaves it unusable, and every connection with it. So no
// client's start-up packet, Terminate or unknown message ever reaches PGlite, every protocol error is answered with
// an ErrorResponse and a closed connection, and a client that stays silent is let go after a while.
import { randomInt } from "node:crypto";
import net from "node:net";
import { SCRAM_MECHANISM, scramExchange, scramVerifier } from "./scram.mjs";
import {
  FRONTEND_TYPES,
  MAX_AUTH_LENGTH,
  authentication,
  backendKeyData,
  errorResponse,
  negotiateProtocolVersion,
  readStartupPacket,
  readyForQuery,
  saslMechanisms,
  startupPacket,
  typedMessageSize,
} from "./pg-wire.mjs";
import { Session } from "./embedded-session.mjs";

export const USER = "postgres";
export const DATABASE = "postgres";
const NO = Buffer.from("N"); // "no SSL / no GSS encryption here"
const GRACE_MS = 250;
const SPLIT_AFTER = new Set([0x53 /* Sync */, 0x51 /* Query */]);
const MAX_PENDING = 64;

/**
 * Serves `db` on 127.0.0.1:`port` (0 picks a free one) to clients that know `password`. Loopback only, always:
 * this is a private database of one machine's processes, never a network service.
 */
export async function serveEmbedded(
  db,
  { port, password, maxConnections, maxPending = MAX_PENDING, startupTimeout, idleHolderTimeout, log },
) {
  const parameterStatus = await backendParameters(db);
  const verifier = scramVerifier(password);
  const session = new Session(db, { idleHolderTimeout, log });
  const connections = new Set();
  // Connections that have not authenticated yet, oldest first. They never count against `maxConnections` (anyone on
  // the machine can open them without the password, so they must not crowd out the app's pool) and there are at
  // most `maxPending` of them: a new one evicts the oldest. A real client authenticates within milliseconds, so
  // keeping it out takes a flood of `maxPending` connections in those milliseconds, not a few silent sockets.
  const pending = new Set();
  const authenticated = new Set();
  const context = { session, verifier, parameterStatus, startupTimeout, connections, pending, authenticated, log };
  context.full = () => authenticated.size >= maxConnections;

  const server = net.createServer({ noDelay: true }, (socket) => {
    socket.on("error", () => {}); // a reset by the client ends in "close", handled there
    if (context.full()) {
      socket.end(errorResponse("53300", "sorry, too many clients already"));
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    if (pending.size >= maxPending) {
      const oldest = pending.values().next().value;
      pending.delete(oldest);
      oldest.fail("53300", "too many connections waiting to authenticate");
    }
    const conn = new Connection(socket, context);
    connections.add(conn);
    pending.add(conn);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Once listening, an error accepting one connection (out of file descriptors, say) must not end the process.
  server.on("error", (error) => log(`Embedded database: ${error.message}`));

  return {
    port: server.address().port,
    /**
     * Closes the door and every connection (clients are told why), and waits for the request PGlite may be running,
     * until `deadline`. Answers what had to be cut short, for the caller to report.
     */
    async close(deadline) {
      const forced = [];
      server.close();
      // A moment for clients that are leaving anyway (a pool's end() does not wait for the server to read their
      // Terminate): they should not be told of a shutdown they never see.
      await within(Promise.all([...connections].map((c) => c.closed)), Math.min(GRACE_MS, deadline - Date.now()));
      for (const conn of connections) conn.fail("57P01", "terminating connection due to administrator command");
      if (!(await within(session.stop(), deadline - Date.now()))) forced.push("a query PGlite was still running");
      await within(Promise.all([...connections].map((c) => c.closed)), Math.min(1000, deadline - Date.now()));
      if (connections.size > 0) forced.push(`${connections.size} client connection(s) that did not close`);
      for (const conn of connections) conn.socket.destroy();
      return forced;
    },
  };
}

/** Resolves true when `promise` settles within `ms`, false otherwise (the promise is left to itself). */
export function within(promise, ms) {
  let timer;
  return Promise.race([
    Promise.resolve(promise).then(
      () => true,
      () => true,
    ),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms)))),
  ]).finally(() => clearTimeout(timer));
}

/** The ParameterStatus messages PGlite's backend reports at start-up (server_version, client_encoding, …). */
async function backendParameters(db) {
  const out = Buffer.from(
    await db.runExclusive(() => db.execProtocolRaw(startupPacket({ user: USER, database: DATABASE }))),
  );
  const kept = [];
  for (let i = 0; i + 5 <= out.length; i += 1 + out.readInt32BE(i + 1)) {
    if (out[i] === 0x53 /* ParameterStatus */) kept.push(out.subarray(i, i + 1 + out.readInt32BE(i + 1)));
  }
  return Buffer.concat(kept);
}

class Connection {
  constructor(socket, context) {
    this.socket = socket;
    this.context = context;
    this.state = "startup";
    this.buffer = Buffer.alloc(0);
    this.statements = new Set();
    this.pending = 0;
    this.scram = null;
    this.authenticated = false;
    socket.setKeepAlive(true, 60_000);
    this.timer = setTimeout(
      () => this.fail("57014", "canceling authentication due to timeout"),
      context.startupTimeout,
    );
    this.timer.unref();
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.onClose();
        resolve();
      }),
    );
    socket.on("data", (data) => {
      try {
        this.onData(data);
      } catch (error) {
        // Whatever a client sends, it must not bring down the process that serves everyone else.
        context.log(`Embedded database: dropped a client after an unexpected error: ${error?.stack ?? error}`);
        this.fail("XX000", "internal error in the embedded database's front door");
      }
    });
  }

  onData(data) {
    if (this.state === "closing") return;
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    if (this.state === "ready") return this.readMessages();
    while (this.state !== "closing" && this.state !== "ready") {
      if (!(this.state === "startup" ? this.readStartup() : this.readAuthentication())) return;
    }
    if (this.state === "ready" && this.buffer.length > 0) this.readMessages();
  }

  consume(size) {
    const bytes = this.buffer.subarray(0, size);
    this.buffer = this.buffer.subarray(size);
    return bytes;
  }

  /** One packet of the start-up phase; false while it is incomplete. */
  readStartup() {
    const packet = readStartupPacket(this.buffer);
    if (!packet) return false;
    if (packet.error) return (this.fail(...packet.error), false);
    this.consume(packet.size);
    if (packet.kind === "ssl" || packet.kind === "gssenc") {
      this.socket.write(NO);
      return true;
    }
    if (packet.kind === "cancel") {
      // PGlite cannot interrupt a running query; the protocol expects no answer, just the connection closed.
      this.fail();
      return false;
    }
    const { params, minor } = packet;
    const user = params.get("user");
    if (!user) return (this.fail("28000", "no PostgreSQL user name specified in startup packet"), false);
    if (params.has("replication") && params.get("replication") !== "false") {
      return (this.fail("0A000", "the embedded database does not support replication connections"), false);
    }
    const database = params.get("database") || user;
    if (user !== USER) return (this.fail("28P01", `password authentication failed for user "${user}"`), false);
    if (database !== DATABASE) return (this.fail("3D000", `database "${database}" does not exist`), false);
    const unknownOptions = [...params.keys()].filter((k) => k.startsWith("_pq_."));
    if (minor > 0 || unknownOptions.length > 0) this.socket.write(negotiateProtocolVersion(unknownOptions));
    // Other parameters (options, application_name, client_encoding…) would change the session every connection
    // shares, so they are not applied; the client learns the real settings from the ParameterStatus messages.
    this.scram = scramExchange(this.context.verifier);
    this.socket.write(authentication(10, saslMechanisms([SCRAM_MECHANISM])));
    this.state = "sasl-initial";
    return true;
  }

  /** One SASL message (SASLInitialResponse, then SASLResponse); false while it is incomplete. */
  readAuthentication() {
    const size = typedMessageSize(this.buffer, MAX_AUTH_LENGTH);
    if (size === null || (size > 0 && this.buffer.length < size)) return false;
    if (size === -1) return (this.fail("08P01", "invalid message length"), false);
    if (this.buffer[0] !== 0x70 /* p */) {
      return (this.fail("08P01", `expected SASL response, got message type ${this.buffer[0]}`), false);
    }
    const body = this.consume(size).subarray(5);
    if (this.state === "sasl-initial") {
      const end = body.indexOf(0);
      const mechanism = end === -1 ? "" : body.subarray(0, end).toString("utf8");
      if (mechanism !== SCRAM_MECHANISM) {
        return (this.fail("28000", "client selected an invalid SASL authentication mechanism"), false);
      }
      const length = body.length >= end + 5 ? body.readInt32BE(end + 1) : -1;
      const serverFirst =
        length >= 0 && length === body.length - end - 5
          ? this.scram.start(body.subarray(end + 5).toString("utf8"))
          : null;
      if (!serverFirst) return (this.fail("08P01", "malformed SCRAM message"), false);
      this.socket.write(authentication(11, Buffer.from(serverFirst)));
      this.state = "sasl-final";
      return true;
    }
    const serverFinal = this.scram.finish(body.toString("utf8"));
    if (!serverFinal) return (this.fail("28P01", `password authentication failed for user "${USER}"`), false);
    this.context.pending.delete(this);
    if (this.context.full()) return (this.fail("53300", "sorry, too many clients already"), false);
    this.context.authenticated.add(this);
    clearTimeout(this.timer);
    this.socket.write(
      Buffer.concat([
        authentication(12, Buffer.from(serverFinal)),
        authentication(0),
        this.context.parameterStatus,
        backendKeyData(process.pid, randomInt(2 ** 31)),
        readyForQuery("I"),
      ]),
    );
    this.state = "ready";
    this.authenticated = true;
    return true;
  }

  /**
   * Whole messages go to the session, those a client sent together as one item (PGlite runs several in one call),
   * cut after each Sync or simple Query so other connections get their turn between exchanges.
   */
  readMessages() {
    let batch = [];
    const flush = () => {
      if (batch.length === 0) return;
      const bytes = Buffer.concat(batch);
      batch = [];
      this.pending++;
      this.context.session.enqueue(this, bytes).then(() => {
        this.pending--;
        if (this.pending === 0) this.socket.resume();
      });
    };
    while (this.state === "ready" && this.buffer.length > 0) {
      // Judged by its first byte, as PostgreSQL does: no waiting for the rest of what is not a message.
      const type = this.buffer[0];
      const size = typedMessageSize(this.buffer);
      if (!FRONTEND_TYPES.has(type) || size === -1) {
        flush();
        this.fail("08P01", size === -1 ? "invalid message length" : `invalid frontend message type ${type}`);
        break;
      }
      if (size === null || this.buffer.length < size) break;
      const message = Buffer.from(this.consume(size)); // a copy: the socket's chunk may be reused
      if (type === 0x58 /* Terminate */) {
        flush();
        this.fail();
        break;
      }
      if (type === 0x50 /* Parse */) this.noteStatement(message);
      batch.push(message);
      if (SPLIT_AFTER.has(type)) flush();
    }
    flush();
    // Backpressure: read no more from a client until PGlite has answered what it sent.
    if (this.pending > 0 && this.state === "ready") this.socket.pause();
  }

  noteStatement(message) {
    const end = message.indexOf(0, 5);
    if (end > 5) this.statements.add(message.subarray(5, end).toString("utf8"));
  }

  deliver(chunk) {
    if (this.state !== "closing" && this.socket.writable) this.socket.write(Buffer.from(chunk));
  }

  /** Ends the connection, with a FATAL ErrorResponse when there is something to tell the client. */
  fail(code, text) {
    if (this.state === "closing") return;
    this.state = "closing";
    clearTimeout(this.timer);
    this.socket.resume(); // to see the client's end of the connection
    if (code && this.socket.writable) this.socket.end(errorResponse(code, text));
    else this.socket.end();
    // A client that reads nothing cannot take the answer: it is cut off all the same.
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  onClose() {
    this.state = "closing";
    clearTimeout(this.timer);
    this.context.connections.delete(this);
    this.context.pending.delete(this);
    this.context.authenticated.delete(this);
    if (this.authenticated) this.context.session.farewell(this);
  }
}
