// The server side of SCRAM-SHA-256 (RFC 5802, RFC 7677), as PostgreSQL does it: the password never crosses the
// connection, and the client also checks that the server knows it. Used by the embedded database's front door
// (scripts/lib/embedded-server.mjs); pg, libpq (psql) and Prisma's pg adapter all speak it.
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

export const SCRAM_MECHANISM = "SCRAM-SHA-256";
const ITERATIONS = 4096; // PostgreSQL's default scram_iterations

const hmac = (key, text) => createHmac("sha256", key).update(text).digest();
const sha256 = (bytes) => createHash("sha256").update(bytes).digest();

/**
 * What the server keeps of a password: a random salt and the keys derived from it, computed once per server start.
 * The password is ASCII (generated), so SASLprep leaves it as it is.
 */
export function scramVerifier(password) {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, "sha256");
  return {
    salt: salt.toString("base64"),
    iterations: ITERATIONS,
    storedKey: sha256(hmac(salted, "Client Key")),
    serverKey: hmac(salted, "Server Key"),
  };
}

/** "a=1,b=2" → Map; a malformed attribute list gives null. */
function attributes(text) {
  const map = new Map();
  for (const part of text.split(",")) {
    const match = /^([A-Za-z])=(.*)$/s.exec(part);
    if (!match || map.has(match[1])) return null;
    map.set(match[1], match[2]);
  }
  return map;
}

/**
 * One authentication exchange. `start(clientFirst)` answers the server-first message (or null: malformed), then
 * `finish(clientFinal)` answers the server-final message when the proof is right (or null: refused).
 */
export function scramExchange(verifier) {
  let state = null;
  return {
    start(clientFirst) {
      // gs2 header: "n" (no channel binding) or "y" (client could bind, server cannot); "p=…" needs TLS we lack.
      const match = /^([ny]),(a=[^,]*)?,(.*)$/s.exec(clientFirst);
      if (!match) return null;
      const bare = match[3];
      const attrs = attributes(bare);
      const clientNonce = attrs?.get("r");
      if (!attrs?.has("n") || !clientNonce || /[^\x21-\x2b\x2d-\x7e]/.test(clientNonce)) return null;
      const nonce = clientNonce + randomBytes(18).toString("base64");
      const serverFirst = `r=${nonce},s=${verifier.salt},i=${verifier.iterations}`;
      const gs2Header = clientFirst.slice(0, clientFirst.length - bare.length);
      state = { bare, nonce, serverFirst, binding: Buffer.from(gs2Header).toString("base64") };
      return serverFirst;
    },
    finish(clientFinal) {
      if (!state) return null;
      const cut = clientFinal.lastIndexOf(",p=");
      if (cut === -1) return null;
      const withoutProof = clientFinal.slice(0, cut);
      const attrs = attributes(withoutProof);
      if (!attrs || attrs.get("c") !== state.binding || attrs.get("r") !== state.nonce) return null;
      const proof = Buffer.from(clientFinal.slice(cut + 3), "base64");
      if (proof.length !== 32) return null;
      const authMessage = `${state.bare},${state.serverFirst},${withoutProof}`;
      const signature = hmac(verifier.storedKey, authMessage);
      const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]));
      if (!timingSafeEqual(sha256(clientKey), verifier.storedKey)) return null;
      return `v=${hmac(verifier.serverKey, authMessage).toString("base64")}`;
    },
  };
}
