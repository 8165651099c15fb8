// API key format (docs/api.md): "sw_" + 30 random base62 characters + a 6-character base62 CRC32 of those 30.
// The checksum lets secret scanners recognise our keys and lets us reject typos before touching the database.
import { createHash, randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_PREFIX = "sw_";
const BODY_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH;
const KEY_PATTERN = /^sw_[0-9A-Za-z]{36}$/;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base62(value: number, width: number): string {
  let out = "";
  let n = value;
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(width, "0");
}

export function checksumOf(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  let body = "";
  for (let i = 0; i < BODY_LENGTH; i++) body += BASE62[randomInt(62)];
  return `${KEY_PREFIX}${body}${checksumOf(body)}`;
}

/** True when the key has our shape and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY_LENGTH);
  return key.slice(-CHECKSUM_LENGTH) === checksumOf(body);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyHint(key: string): string {
  return `${KEY_PREFIX}…${key.slice(-4)}`;
}
