// Preloaded into the web server by scripts/start.mjs (`node --import`): writes the address of the connection each
// request came on into the x-sendwell-peer header, replacing any value the client sent, and says in it whether the
// request arrived with forwarding headers ("<address>; forwarded"). Next.js route handlers and server actions do not
// see the socket, and the X-Forwarded-For Next.js fills from it keeps a client's own value instead, so without this
// the server could not tell one client from another when no proxy is trusted (server/auth/client-address.ts reads
// it, and believes it only when the flag below says this preload runs in the same process).
import http from "node:http";

const HEADER = "x-sendwell-peer";
const FORWARDING = ["x-forwarded-for", "forwarded", "x-real-ip"];

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    const req = args[0];
    const forwarded = FORWARDING.some((name) => req.headers[name] !== undefined);
    req.headers[HEADER] = `${req.socket?.remoteAddress ?? ""}${forwarded ? "; forwarded" : ""}`;
  }
  return emit.call(this, event, ...args);
};

globalThis[Symbol.for("sendwell.peerAddressHeader")] = HEADER;
