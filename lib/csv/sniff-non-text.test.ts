import { describe, expect, it } from "vitest";
import { nonTextReason } from "./sniff-non-text";
import { detectEncoding, type ImportEncoding } from "./text-encoding";

function reason(head: Uint8Array, encoding: ImportEncoding = detectEncoding(head)) {
  return nonTextReason(head, new TextDecoder(encoding).decode(head), encoding);
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]);

describe("nonTextReason", () => {
  it("names images, documents, archives and programs by their magic numbers", () => {
    expect(reason(PNG)).toBe("it looks like a PNG image");
    expect(reason(ELF)).toBe("it looks like a program (ELF)");
    expect(reason(Buffer.from("%PDF-1.7\n"))).toBe("it looks like a PDF document");
    expect(reason(Buffer.from("504b0304140006000800", "hex"))).toMatch(/Excel/);
    expect(reason(Buffer.from("4d5a90000300000004000000ffff0000", "hex"))).toMatch(/Windows program/);
    expect(reason(Buffer.from("1f8b0800000000000003", "hex"))).toMatch(/gzip/);
  });

  it("refuses NUL bytes outside UTF-16 and many control characters", () => {
    expect(reason(Buffer.from("email\0name\n"), "utf-8")).toMatch(/NUL/);
    expect(reason(Buffer.from("a\x01b\x02c\x03d\x04e\x05\n"))).toMatch(/control characters/);
  });

  it("accepts CSV text, UTF-16 included, and headers that merely start like a signature", () => {
    expect(reason(Buffer.from("email,name\nann@x.com,Ann\n"))).toBeNull();
    expect(reason(Buffer.from("MZ code;ID3\nx;y\n"))).toBeNull();
    expect(reason(Buffer.from("email\tname\fx\n"))).toBeNull();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("email,name\nann@x.com,Ann\n", "utf16le")]);
    expect(reason(utf16)).toBeNull();
    expect(reason(Buffer.from("email,name\nann@x.com,Fran\xe7ois\n", "latin1"))).toBeNull();
  });
});
