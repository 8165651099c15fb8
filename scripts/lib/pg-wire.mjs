// The few pieces of the PostgreSQL wire protocol (v3) the embedded database's front door speaks itself: reading
// start-up packets and typed messages, and writing authentication requests and errors. Everything after
// authentication is PGlite's (scripts/lib/embedded-server.mjs).

export const PROTOCOL_3_0 = 196608;
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
/** PostgreSQL's own limits: a start-up packet of at most 10,000 bytes, an authentication message of at most 64 KB. */
export const MAX_STARTUP_LENGTH = 10_000;
export const MAX_AUTH_LENGTH = 65_535;
/** A typed message's length field may say up to 1 GB (PQ_LARGE_MESSAGE_LIMIT). */
export const MAX_MESSAGE_LENGTH = 0x3fffffff;

/** Message types a client may send once it is authenticated (Terminate, X, is handled by the front door). */
export const FRONTEND_TYPES = new Set([..."BCdcfDEHFPQSX"].map((c) => c.charCodeAt(0)));

export function message(type, body = Buffer.alloc(0)) {
  const out = Buffer.alloc(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

const int32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (text) => Buffer.from(`${text}\0`, "utf8");

/** An ErrorResponse as PostgreSQL writes it (severity, SQLSTATE, message). */
export function errorResponse(code, text, severity = "FATAL") {
  return message(
    "E",
    Buffer.concat([
      cstring(`S${severity}`),
      cstring(`V${severity}`),
      cstring(`C${code}`),
      cstring(`M${text}`),
      Buffer.from([0]),
    ]),
  );
}

/** AuthenticationOk (0), AuthenticationSASL (10), AuthenticationSASLContinue (11), AuthenticationSASLFinal (12). */
export function authentication(code, payload = Buffer.alloc(0)) {
  return message("R", Buffer.concat([int32(code), payload]));
}

export const saslMechanisms = (names) => Buffer.concat([...names.map(cstring), Buffer.from([0])]);

export const backendKeyData = (pid, secret) => message("K", Buffer.concat([int32(pid), int32(secret)]));

export const readyForQuery = (status = "I") => message("Z", Buffer.from(status));

/** Tells a client asking for protocol 3.x (x > 0) or for `_pq_.` options that it gets 3.0 and none of them. */
export const negotiateProtocolVersion = (options) =>
  message("v", Buffer.concat([int32(0), int32(options.length), ...options.map(cstring)]));

export function startupPacket(params) {
  const body = Buffer.concat([
    int32(PROTOCOL_3_0),
    ...Object.entries(params).map(([k, v]) => cstring(`${k}\0${v}`)),
    Buffer.from([0]),
  ]);
  return Buffer.concat([int32(4 + body.length), body]);
}

/**
 * Reads the first packet of a connection (it has no type byte). Answers null while incomplete, else
 * `{ size, kind: "ssl" | "gssenc" | "cancel" | "startup", … }` or `{ size, error: [sqlstate, text] }`.
 */
export function readStartupPacket(buffer) {
  if (buffer.length < 4) return null;
  const size = buffer.readInt32BE(0);
  if (size < 8 || size > MAX_STARTUP_LENGTH) return { size, error: ["08P01", "invalid length of startup packet"] };
  if (buffer.length < size) return null;
  const code = buffer.readInt32BE(4);
  if (code === SSL_REQUEST) return { size, kind: "ssl" };
  if (code === GSSENC_REQUEST) return { size, kind: "gssenc" };
  if (code === CANCEL_REQUEST) return { size, kind: "cancel" };
  const major = code >>> 16;
  const minor = code & 0xffff;
  if (major !== 3) {
    return { size, error: ["0A000", `unsupported frontend protocol ${major}.${minor}: server supports 3.0 to 3.0`] };
  }
  // name\0value\0 … \0: the whole packet must end with the list's terminator.
  const parts = buffer.subarray(8, size).toString("utf8").split("\0");
  if (parts.length % 2 !== 0 || parts.at(-1) !== "" || parts.at(-2) !== "") {
    return { size, error: ["08P01", "invalid startup packet layout: expected terminator as last byte"] };
  }
  const params = new Map();
  for (let i = 0; i + 1 < parts.length - 1; i += 2) {
    if (parts[i] === "") {
      return { size, error: ["08P01", "invalid startup packet layout: expected terminator as last byte"] };
    }
    params.set(parts[i], parts[i + 1]);
  }
  return { size, kind: "startup", minor, params };
}

/** The length of the typed message at the start of `buffer`: null while its header is incomplete, -1 if invalid. */
export function typedMessageSize(buffer, maxLength = MAX_MESSAGE_LENGTH) {
  if (buffer.length < 5) return null;
  const length = buffer.readInt32BE(1);
  return length < 4 || length > maxLength ? -1 : 1 + length;
}

/**
 * Follows the backend's messages across chunks to tell whether the last one was ReadyForQuery saying idle ("I"):
 * only then has a connection's exchange ended outside any transaction, so another connection may have the session.
 */
export function readyTracker() {
  let header = Buffer.alloc(0); // a message header split across chunks
  let skip = 0; // bytes of the current message's body still to come
  let lastType = 0x5a; // "Z": the session starts idle
  let lastStatus = 0x49; // "I"
  let pendingStatus = false;
  return {
    feed(chunk) {
      let i = 0;
      while (i < chunk.length) {
        if (skip > 0) {
          if (pendingStatus) {
            lastStatus = chunk[i];
            pendingStatus = false;
          }
          const n = Math.min(skip, chunk.length - i);
          skip -= n;
          i += n;
          continue;
        }
        const need = 5 - header.length;
        header = Buffer.concat([header, chunk.subarray(i, i + need)]);
        i += Math.min(need, chunk.length - i);
        if (header.length < 5) break;
        lastType = header[0];
        skip = header.readInt32BE(1) - 4;
        pendingStatus = lastType === 0x5a && skip > 0;
        header = Buffer.alloc(0);
      }
    },
    get idle() {
      return lastType === 0x5a && !pendingStatus && skip === 0 && lastStatus === 0x49;
    },
  };
}
