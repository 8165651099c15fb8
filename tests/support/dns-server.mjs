// A local authoritative DNS server over UDP (dns-packet) for tests and e2e: Sendwell's DNS checks are pointed at it
// with DNS_SERVERS=127.0.0.1:<port>, so no test ever asks the internet. It answers TXT, MX, A, AAAA and CNAME
// questions from a table that the test can change while it runs (publishing a record = `set`).
//
//   const dns = await startDnsServer({ "sw202611._domainkey.shop.test": [{ type: "TXT", data: "v=DKIM1; …" }] });
//   process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
//   dns.set({ ...records }); … await dns.close();
//
// Names are case-insensitive, without a trailing dot. A name absent from the table answers NXDOMAIN; a name present
// without records of the asked type answers NOERROR with no answers (NODATA), as a real server does. A record
// `{ type: "SERVFAIL" }` makes every question about its name fail, and `{ type: "TIMEOUT" }` makes the server never
// answer it (the resolver's timeout is what a test of a hung lookup checks).
import dgram from "node:dgram";
import dnsPacket from "dns-packet";

const NXDOMAIN = 3;
const SERVFAIL = 2;

/** @param {Record<string, import("./dns-server.d.mts").DnsRecord[]>} records */
function normalise(records) {
  const table = new Map();
  for (const [name, list] of Object.entries(records)) table.set(name.toLowerCase().replace(/\.$/, ""), list);
  return table;
}

/** TXT data as the wire carries it: strings of at most 255 bytes (a longer value is split, as DNS tools do). */
function txtStrings(data) {
  const parts = Array.isArray(data) ? data : [data];
  return parts.flatMap((part) => {
    const buf = Buffer.from(part, "utf8");
    const chunks = [];
    for (let i = 0; i < buf.length; i += 255) chunks.push(buf.subarray(i, i + 255));
    return chunks.length ? chunks : [Buffer.alloc(0)];
  });
}

function answersFor(name, type, list) {
  return list.flatMap((r) => {
    if (r.type !== type) return [];
    const base = { name, type, class: "IN", ttl: r.ttl ?? 60 };
    switch (r.type) {
      case "TXT":
        return [{ ...base, data: txtStrings(r.data) }];
      case "MX":
        return [{ ...base, data: { preference: r.priority ?? 10, exchange: r.exchange } }];
      case "A":
      case "AAAA":
        return [{ ...base, data: r.address }];
      case "CNAME":
        return [{ ...base, data: r.target }];
      default:
        return [];
    }
  });
}

/**
 * @param {Record<string, import("./dns-server.d.mts").DnsRecord[]>} [records]
 * @param {{ host?: string, port?: number }} [options]
 */
export async function startDnsServer(records = {}, { host = "127.0.0.1", port = 0 } = {}) {
  let table = normalise(records);
  /** Every question asked, "TYPE name", in order: tests check what was (not) looked up. */
  const queries = [];
  const socket = dgram.createSocket(host.includes(":") ? "udp6" : "udp4");
  socket.on("message", (msg, rinfo) => {
    let request;
    try {
      request = dnsPacket.decode(msg);
    } catch {
      return; // not DNS: nothing to answer
    }
    const question = request.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, "");
    queries.push(`${question.type} ${name}`);
    const list = table.get(name);
    if (list?.some((r) => r.type === "TIMEOUT")) return;
    const rcode = !list ? NXDOMAIN : list.some((r) => r.type === "SERVFAIL") ? SERVFAIL : 0;
    const answers = list && rcode === 0 ? answersFor(question.name, question.type, list) : [];
    const response = dnsPacket.encode({
      type: "response",
      id: request.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (request.flags & dnsPacket.RECURSION_DESIRED) | rcode,
      questions: request.questions,
      answers,
    });
    socket.send(response, rinfo.port, rinfo.address);
  });
  await new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, host, () => {
      socket.off("error", reject);
      resolve(undefined);
    });
  });
  return {
    port: socket.address().port,
    host,
    /** DNS_SERVERS' value for this server. */
    get server() {
      return host.includes(":") ? `[${host}]:${this.port}` : `${host}:${this.port}`;
    },
    queries,
    /** Replaces the whole table. */
    set(next) {
      table = normalise(next);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
  };
}
