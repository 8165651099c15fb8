// Reads HTTP/1.1 responses off a keep-alive connection, for the load client (bench/lib/load-child.mjs): the status of
// each, and whether the server closes the connection after it. It only frames responses (Content-Length, chunked,
// or until the connection closes) and never keeps a body, so the client spends its core on requests, not parsing:
// node:http's client costs over twice as much CPU per request, which at tens of thousands of requests per
// second on the same machine as the server would take cores from the server being measured.
const HEAD = 0;
const BODY = 1;
const CHUNK_SIZE = 2;
const CHUNK_DATA = 3;
const TRAILER = 4;
const UNTIL_CLOSE = 5;

export class ResponseReader {
  state = HEAD;
  rest = null;
  need = 0;
  status = 0;
  close = false;

  /**
   * Feeds the bytes that arrived; answers the responses they completed, in order, as { status, close }. Throws on
   * bytes that cannot be framed (the connection is then useless).
   */
  push(chunk) {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    let off = 0;
    const done = [];
    for (;;) {
      if (this.state === HEAD) {
        const end = buf.indexOf("\r\n\r\n", off, "latin1");
        if (end < 0) break;
        const head = buf.toString("latin1", off, end);
        off = end + 4;
        this.status = Number(head.slice(9, 12));
        if (!head.startsWith("HTTP/1.") || !(this.status >= 100)) throw new Error("not an HTTP/1.x response");
        this.close = /\r\nconnection:[ \t]*close/i.test(head);
        if (this.status < 200) continue; // 1xx: an interim answer, no body; the real one follows
        const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
        if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) this.state = CHUNK_SIZE;
        else if (length) {
          this.need = Number(length[1]);
          this.state = BODY;
        } else if (this.status === 204 || this.status === 304) done.push(this.answer());
        else this.state = UNTIL_CLOSE;
      } else if (this.state === BODY || this.state === CHUNK_DATA) {
        const n = Math.min(this.need, buf.length - off);
        off += n;
        this.need -= n;
        if (this.need > 0) break;
        if (this.state === BODY) done.push(this.answer());
        else this.state = CHUNK_SIZE;
      } else if (this.state === CHUNK_SIZE || this.state === TRAILER) {
        const eol = buf.indexOf("\r\n", off, "latin1");
        if (eol < 0) break;
        const line = buf.toString("latin1", off, eol);
        off = eol + 2;
        if (this.state === TRAILER) {
          if (line === "") done.push(this.answer());
        } else {
          const size = parseInt(line, 16); // chunk extensions after ";" are ignored by parseInt
          if (!(size >= 0)) throw new Error(`not a chunk size: ${JSON.stringify(line.slice(0, 20))}`);
          if (size === 0) this.state = TRAILER;
          else {
            this.need = size + 2; // the data and its CRLF
            this.state = CHUNK_DATA;
          }
        }
      } else {
        off = buf.length; // UNTIL_CLOSE: the body ends with the connection
        break;
      }
    }
    this.rest = off < buf.length ? buf.subarray(off) : null;
    return done;
  }

  /** The connection ended: a response whose body ran until the close is complete now. */
  end() {
    return this.state === UNTIL_CLOSE ? [{ ...this.answer(), close: true }] : [];
  }

  answer() {
    this.state = HEAD;
    return { status: this.status, close: this.close };
  }
}
