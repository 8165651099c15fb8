// The server side of SCRAM-SHA-256 against pg's own client side (the one the app, pg-boss and Prisma use).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { scramExchange, scramVerifier } from "./scram.mjs";

type Session = { response: string; serverSignature?: string };
const sasl = createRequire(import.meta.url)("pg/lib/crypto/sasl.js") as {
  startSession(mechanisms: string[], stream?: unknown): Session;
  continueSession(session: Session, password: string, serverData: string, stream?: unknown): Promise<void>;
  finalizeSession(session: Session, serverData: string): void;
};

/** One authentication: the server knows `serverPassword`, the client gives `clientPassword`. */
async function authenticate(serverPassword: string, clientPassword: string) {
  const exchange = scramExchange(scramVerifier(serverPassword));
  const session = sasl.startSession(["SCRAM-SHA-256"]);
  const serverFirst = exchange.start(session.response);
  expect(serverFirst).toMatch(/^r=[^,]+,s=[^,]+,i=4096$/);
  await sasl.continueSession(session, clientPassword, serverFirst!);
  const serverFinal = exchange.finish(session.response);
  if (serverFinal) sasl.finalizeSession(session, serverFinal); // throws unless the server proved it knows the password
  return serverFinal !== null;
}

describe("SCRAM-SHA-256, server side", () => {
  it("admits the right password, and proves itself to the client", async () => {
    expect(await authenticate("s3cret-Pa55", "s3cret-Pa55")).toBe(true);
  });

  it("refuses a wrong password", async () => {
    expect(await authenticate("s3cret-Pa55", "s3cret-Pa56")).toBe(false);
  });

  it("refuses malformed or replayed messages", async () => {
    const verifier = scramVerifier("pw");
    expect(scramExchange(verifier).start("garbage")).toBeNull();
    expect(scramExchange(verifier).start("p=tls-server-end-point,,n=*,r=abc")).toBeNull(); // needs TLS
    expect(scramExchange(verifier).start("n,,n=*")).toBeNull(); // no nonce
    expect(scramExchange(verifier).finish("c=biws,r=x,p=AAAA")).toBeNull(); // final before first

    // A proof made for one exchange does not open another (each has its own server nonce).
    const first = scramExchange(verifier);
    const session = sasl.startSession(["SCRAM-SHA-256"]);
    await sasl.continueSession(session, "pw", first.start(session.response)!);
    const second = scramExchange(verifier);
    second.start(`n,,n=*,r=${/r=([^,]+)/.exec(session.response)![1]!.slice(0, 24)}`);
    expect(second.finish(session.response)).toBeNull();
    expect(first.finish(session.response)).not.toBeNull();
  });

  it("refuses a proof whose channel-binding flag differs from the first message", async () => {
    const exchange = scramExchange(scramVerifier("pw"));
    const session = sasl.startSession(["SCRAM-SHA-256"]);
    await sasl.continueSession(session, "pw", exchange.start(session.response)!);
    expect(exchange.finish(session.response.replace("c=biws", "c=eSws"))).toBeNull();
  });
});
