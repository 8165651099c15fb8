// Reading start-up packets and following the backend's messages: the parts of the embedded database's front door
// that decide, byte by byte, what reaches PGlite and when another connection may have the session.
import { describe, expect, it } from "vitest";
import { readStartupPacket, readyTracker, startupPacket, typedMessageSize } from "./pg-wire.mjs";

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const msg = (type: string, body: Buffer | string = "") =>
  Buffer.concat([Buffer.from(type), int32(4 + Buffer.from(body).length), Buffer.from(body)]);

describe("readStartupPacket", () => {
  it("reads the parameters of a 3.0 start-up packet, and waits for the rest of a partial one", () => {
    const packet = startupPacket({ user: "postgres", database: "postgres", options: "-c jit=off" });
    expect(readStartupPacket(packet.subarray(0, 3))).toBeNull();
    expect(readStartupPacket(packet.subarray(0, packet.length - 1))).toBeNull();
    const read = readStartupPacket(packet);
    expect(read).toMatchObject({ kind: "startup", size: packet.length, minor: 0 });
    expect(Object.fromEntries(read!.params!)).toEqual({
      user: "postgres",
      database: "postgres",
      options: "-c jit=off",
    });
  });

  it.each([
    ["too short", Buffer.concat([int32(4), int32(196608)]), "08P01"],
    ["too long", Buffer.concat([int32(10_001), int32(196608)]), "08P01"],
    ["protocol 2", Buffer.concat([int32(9), int32(0x20000), Buffer.from([0])]), "0A000"],
    ["no list terminator", Buffer.concat([int32(16), int32(196608), Buffer.from("user\0pg\0")]), "08P01"],
    ["a name without value", Buffer.concat([int32(14), int32(196608), Buffer.from("user\0\0")]), "08P01"],
    ["an empty name", Buffer.concat([int32(12), int32(196608), Buffer.from("\0x\0\0")]), "08P01"],
  ])("refuses a packet %s", (_, packet, code) => {
    expect(readStartupPacket(packet)?.error?.[0]).toBe(code);
  });

  it("tells SSL, GSS encryption and cancel requests apart", () => {
    expect(readStartupPacket(Buffer.concat([int32(8), int32(80877103)]))?.kind).toBe("ssl");
    expect(readStartupPacket(Buffer.concat([int32(8), int32(80877104)]))?.kind).toBe("gssenc");
    expect(readStartupPacket(Buffer.concat([int32(16), int32(80877102), int32(1), int32(2)]))?.kind).toBe("cancel");
  });
});

describe("typedMessageSize", () => {
  it("answers the whole size, null for an incomplete header, -1 for an impossible length", () => {
    expect(typedMessageSize(msg("Q", "select 1\0"))).toBe(14);
    expect(typedMessageSize(Buffer.from("Q\0\0"))).toBeNull();
    expect(typedMessageSize(Buffer.from([0x51, 0, 0, 0, 3]))).toBe(-1);
    expect(typedMessageSize(Buffer.from([0x70, 0, 1, 0, 0]), 65_535)).toBe(-1);
  });
});

describe("readyTracker", () => {
  const answer = Buffer.concat([
    msg("1"),
    msg("2"),
    msg("D", Buffer.concat([Buffer.from([0, 1]), int32(6), Buffer.from("Z\0\0\0\x05I")])), // looks like RFQ inside
    msg("C", "SELECT 1\0"),
  ]);

  it("is idle only once ReadyForQuery says I, however the bytes are cut", () => {
    for (let cut = 0; cut <= answer.length; cut++) {
      const t = readyTracker();
      expect(t.idle).toBe(true);
      t.feed(answer.subarray(0, cut));
      t.feed(answer.subarray(cut));
      expect(t.idle).toBe(false); // an exchange under way (no Sync yet), whatever its rows contain
      const rfq = msg("Z", "I");
      t.feed(rfq.subarray(0, 5));
      expect(t.idle).toBe(false);
      t.feed(rfq.subarray(5));
      expect(t.idle).toBe(true);
    }
  });

  it("is not idle inside a transaction, or a failed one", () => {
    const t = readyTracker();
    t.feed(msg("Z", "T"));
    expect(t.idle).toBe(false);
    t.feed(msg("Z", "E"));
    expect(t.idle).toBe(false);
    t.feed(Buffer.concat([msg("C", "ROLLBACK\0"), msg("Z", "I")]));
    expect(t.idle).toBe(true);
  });
});
