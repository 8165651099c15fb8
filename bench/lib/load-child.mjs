// The load client's process (bench/lib/load.mjs forks it): a closed loop of `connections` keep-alive connections,
// each sending its next GET as soon as the previous one was answered (no pipelining). It records every request's
// outcome, which autocannon cannot say: the status, -1 for a connection error, -2 for a timeout, 0 for never sent.
// Paths come in chunks from the parent (one recipient token each), so many processes can share a pool without ever
// sending the same token twice. The connections are plain sockets with a minimal response reader
// (bench/lib/http-response.mjs), which costs the machine much less CPU per request than node:http's client.
import net from "node:net";
import { ResponseReader } from "./http-response.mjs";

const REQUEST_TIMEOUT_MS = 30_000;
// After a failed connection a loop waits before it tries again: while a killed server is away, loops must not spin.
const ERROR_BACKOFF_MS = 100;
const BUCKET_MS = 100;
// A connection that never opened (refused: nothing listens) sent nothing, so the same request is tried again and no
// token is spent while the server is away.
const NOT_CONNECTED = -3;

let current = null;

process.on("message", (m) => {
  if (m.type === "run") current = startRun(m);
  else if (m.type === "chunk") current?.onChunk(m);
  else if (m.type === "stop") current?.stop();
  else if (m.type === "exit") process.exit(0);
});
process.send({ type: "ready" });

function startRun({ id, url, connections, headers, chunkSize }) {
  const target = new URL(url);
  const head = `Host: ${target.host}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  const chunks = [];
  let cursor = 0;
  let asked = false;
  let exhausted = false;
  let stopped = false;
  let waiters = [];
  const latencies = [];
  const statusCodes = {};
  let errors = 0;
  let timeouts = 0;
  let refused = 0;
  const timeline = []; // per BUCKET_MS: [answered, failed]
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();

  const wake = () => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  const ask = () => {
    asked = true;
    process.send({ type: "need", id, size: chunkSize });
  };

  /** The next request's [chunk, index], or null once stopped or the source has nothing left. */
  async function next() {
    for (;;) {
      if (stopped) return null;
      const c = chunks[cursor];
      if (c && c.next < c.paths.length) {
        // Ask for the next chunk while this one still has a quarter left, so no loop waits on the parent.
        if (!asked && !exhausted && cursor === chunks.length - 1 && c.paths.length - c.next < chunkSize / 4) ask();
        return [c, c.next++];
      }
      if (cursor < chunks.length - 1) {
        cursor++;
        continue;
      }
      if (exhausted) return null;
      if (!asked) ask();
      await new Promise((r) => waiters.push(r));
    }
  }

  const mark = (at, answered) => {
    const b = Math.floor((at - t0) / BUCKET_MS);
    while (timeline.length <= b) timeline.push([0, 0]);
    timeline[b][answered ? 0 : 1]++;
  };

  async function loop() {
    const connection = new Connection(target.hostname, Number(target.port), head);
    for (;;) {
      const item = await next();
      if (!item) return connection.destroy();
      const [c, i] = item;
      let start;
      let status;
      for (;;) {
        start = performance.now();
        status = await connection.get(c.paths[i]);
        if (status !== NOT_CONNECTED) break;
        refused++;
        mark(performance.now(), false);
        await new Promise((r) => setTimeout(r, ERROR_BACKOFF_MS));
        if (stopped) return connection.destroy(); // never sent: its token stays unused
      }
      const end = performance.now();
      if (c.statuses) c.statuses[i] = status;
      mark(end, status > 0);
      if (status > 0) {
        latencies.push(end - start);
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      } else {
        if (status === -2) timeouts++;
        else errors++;
        await new Promise((r) => setTimeout(r, ERROR_BACKOFF_MS));
      }
    }
  }

  const loops = Array.from({ length: connections }, loop);
  Promise.all(loops).then(() => {
    const elapsedMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    process.send({
      type: "result",
      id,
      chunks: chunks.filter((c) => c.statuses).map((c) => ({ ref: c.ref, statuses: c.statuses })),
      latencies: Float64Array.from(latencies),
      statusCodes,
      errors,
      timeouts,
      refused,
      timeline,
      bucketMs: BUCKET_MS,
      exhausted: exhausted && !stopped,
      elapsedMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
    current = null;
  });

  return {
    onChunk(m) {
      if (m.id !== id) return;
      asked = false;
      if (m.done) exhausted = true;
      else
        chunks.push({
          ref: m.ref,
          paths: m.paths,
          next: 0,
          statuses: m.ref === null ? null : new Int16Array(m.paths.length),
        });
      wake();
    },
    stop() {
      stopped = true;
      wake();
    },
  };
}

/** One keep-alive connection, one request at a time; (re)connects when needed. */
class Connection {
  socket = null;
  reader = null;
  pending = null;
  timer = null;

  constructor(host, port, head) {
    this.host = host;
    this.port = port;
    this.head = head;
  }

  /**
   * Resolves with the answer's status; -1 when the connection failed after it opened (the request may have arrived),
   * NOT_CONNECTED when it never opened, -2 after REQUEST_TIMEOUT_MS.
   */
  get(path) {
    return new Promise((resolve) => {
      if (!this.socket) this.open();
      this.pending = resolve;
      this.timer = setTimeout(() => this.settle(-2, true), REQUEST_TIMEOUT_MS);
      this.socket.write(`GET ${path} HTTP/1.1\r\n${this.head}`, "latin1");
    });
  }

  open() {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    let connected = false;
    socket.once("connect", () => (connected = true));
    const reader = new ResponseReader();
    socket.on("data", (data) => {
      let answers;
      try {
        answers = reader.push(data);
      } catch {
        return this.settle(-1, true); // an answer we cannot frame: the request counts as unanswered
      }
      for (const answer of answers) this.settle(answer.status, answer.close);
    });
    socket.on("end", () => {
      for (const answer of reader.end()) this.settle(answer.status, true);
    });
    socket.on("error", () => {}); // "close" follows
    socket.on("close", () => {
      if (this.socket === socket) this.settle(connected ? -1 : NOT_CONNECTED, true);
    });
    this.socket = socket;
  }

  settle(status, close) {
    clearTimeout(this.timer);
    if (close && this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.destroy();
    }
    const resolve = this.pending;
    this.pending = null;
    resolve?.(status);
  }

  destroy() {
    this.socket?.destroy();
    this.socket = null;
  }
}
