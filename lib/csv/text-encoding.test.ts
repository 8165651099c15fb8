import { describe, expect, it } from "vitest";
import { decodeChunks, detectEncoding, utf8Census } from "./text-encoding";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("detectEncoding", () => {
  it("trusts a byte order mark", () => {
    expect(detectEncoding(bytes([0xef, 0xbb, 0xbf], "email\n"))).toBe("utf-8");
    expect(detectEncoding(bytes([0xff, 0xfe], Buffer.from("email\n", "utf16le").toString("latin1")))).toBe("utf-16le");
    expect(detectEncoding(bytes([0xfe, 0xff], [0, 0x65, 0, 0x6d]))).toBe("utf-16be");
  });

  it("recognises UTF-16 without a BOM by its NUL bytes", () => {
    const le = Buffer.from("email,name\nann@x.com,Ann\n", "utf16le");
    expect(detectEncoding(le)).toBe("utf-16le");
    expect(detectEncoding(Buffer.from(le).swap16())).toBe("utf-16be");
  });

  it("takes valid UTF-8 for UTF-8, even with a character cut at the end, and anything else for Windows-1252", () => {
    const utf8 = Buffer.from("name\nFrançois\n", "utf8");
    expect(detectEncoding(utf8)).toBe("utf-8");
    expect(detectEncoding(utf8.subarray(0, utf8.indexOf(0xc3) + 1))).toBe("utf-8");
    expect(detectEncoding(Buffer.from("name\nFrançois\n", "latin1"))).toBe("windows-1252");
    expect(detectEncoding(Buffer.from("email\n"))).toBe("utf-8");
    expect(detectEncoding(Buffer.from("Zoë\nFran\xe7ois\n".replace("ë", "\xc3\xab"), "latin1"))).toBe("utf-8");
  });
});

describe("utf8Census", () => {
  const verdict = (...pushes: Buffer[]) => {
    const census = utf8Census();
    for (const p of pushes) census.push(p);
    return census.verdict(true);
  };

  it("follows characters across pushes", () => {
    const whole = Buffer.from("Zoë 🎉", "utf8");
    const census = utf8Census();
    for (const b of whole) census.push(Uint8Array.of(b));
    expect(census.verdict(true)).toBe("utf-8");
  });

  it("says Windows-1252 only when bytes are invalid and none was a UTF-8 multi-byte character", () => {
    expect(verdict(Buffer.from("plain ascii\n"), Buffer.from("Fran\xe7ois\n", "latin1"))).toBe("windows-1252");
    // A UTF-8 file with one broken byte stays UTF-8: its good names are not turned into "Ã©".
    expect(verdict(Buffer.from("Zoë\n", "utf8"), Buffer.from("Fran\xe7ois\n", "latin1"))).toBe("utf-8");
    expect(verdict(Buffer.from("plain ascii\n"))).toBe("utf-8");
  });
});

describe("decodeChunks", () => {
  async function decode(chunks: Uint8Array[], encoding: Parameters<typeof decodeChunks>[1]) {
    let text = "";
    for await (const piece of decodeChunks(
      (async function* () {
        yield* chunks;
      })(),
      encoding,
    ))
      text += piece;
    return text;
  }

  it("decodes characters split between chunks and drops the BOM", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Zoë 🎉", "utf16le")]);
    expect(
      await decode(
        [...utf16].map((b) => Uint8Array.of(b)),
        "utf-16le",
      ),
    ).toBe("Zoë 🎉");
    const utf8 = Buffer.from("\ufeffZoë 🎉", "utf8");
    expect(
      await decode(
        [...utf8].map((b) => Uint8Array.of(b)),
        "utf-8",
      ),
    ).toBe("Zoë 🎉");
  });

  it("maps Windows-1252's and ISO-8859-15's own characters", async () => {
    expect(await decode([Buffer.from([0x80, 0x9c, 0xe9])], "windows-1252")).toBe("€œé");
    expect(await decode([Buffer.from([0xa4, 0xbd])], "iso-8859-15")).toBe("€œ");
  });

  it("puts U+FFFD where bytes are invalid, for the caller to report", async () => {
    expect(await decode([Buffer.from("Fran\xe7ois", "latin1")], "utf-8")).toBe("Fran\ufffdois");
  });
});
