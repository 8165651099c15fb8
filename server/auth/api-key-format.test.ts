import { describe, expect, it } from "vitest";
import {
  apiKeyHint,
  base62,
  checksumOf,
  crc32,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  KEY_LENGTH,
} from "./api-key-format";

describe("API key format", () => {
  it("computes the standard CRC32 check value", () => {
    expect(crc32("123456789")).toBe(0xcbf43926);
    expect(crc32("")).toBe(0);
  });

  it("encodes base62 with left padding", () => {
    expect(base62(0, 6)).toBe("000000");
    expect(base62(61, 2)).toBe("0z");
    expect(base62(62, 2)).toBe("10");
    expect(base62(0xffffffff, 6)).toBe("4gfFC3");
  });

  it("generates 40-character keys with prefix and a valid checksum", () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toHaveLength(KEY_LENGTH);
      expect(key).toMatch(/^sw_[0-9A-Za-z]{36}$/);
      expect(isWellFormedApiKey(key)).toBe(true);
      expect(key.slice(-6)).toBe(checksumOf(key.slice(3, 33)));
    }
  });

  it("rejects keys whose checksum does not match", () => {
    const key = generateApiKey();
    const flipped = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`xx_${key.slice(3)}`)).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });

  it("accepts a key built by hand from body and checksum", () => {
    const body = "a".repeat(30);
    expect(isWellFormedApiKey(`sw_${body}${checksumOf(body)}`)).toBe(true);
  });

  it("hashes with sha256 and hints with the last four characters", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(apiKeyHint(key)).toBe(`sw_…${key.slice(-4)}`);
  });
});
