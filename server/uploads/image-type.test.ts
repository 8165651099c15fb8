// The sniffer against real files of each format (encoded by libvips, checked in under fixtures/), and the hostile
// or broken inputs it must refuse.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sniffImage } from "./image-type";

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));
const text = (s: string) => new TextEncoder().encode(s);

describe("sniffImage", () => {
  it.each([
    ["img.png", "image/png", "png"],
    ["img.jpg", "image/jpeg", "jpg"],
    ["progressive-exif.jpg", "image/jpeg", "jpg"],
    ["img.gif", "image/gif", "gif"],
    ["lossy.webp", "image/webp", "webp"],
    ["lossless.webp", "image/webp", "webp"],
    ["alpha.webp", "image/webp", "webp"],
  ])("reads %s as %s, 37×23", (name, contentType, ext) => {
    expect(sniffImage(fixture(name))).toEqual({ ok: true, image: { contentType, ext, width: 37, height: 23 } });
  });

  it.each([
    ["plain", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["with prolog and BOM", '\ufeff<?xml version="1.0"?>\n<!-- hi -->\n<svg width="1">'],
    ["with doctype", '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>'],
  ])("names SVG (%s) as svg", (_, source) => {
    expect(sniffImage(text(source))).toEqual({ ok: false, reason: "svg" });
  });

  it.each([
    ["HTML", "<html><script>alert(1)</script></html>"],
    ["empty", ""],
    ["BMP", "BM6\u0000\u0000\u0000"],
    ["text", "hello"],
  ])("refuses %s as unsupported", (_, source) => {
    expect(sniffImage(text(source))).toMatchObject({ ok: false, reason: "unsupported" });
  });

  it("refuses a PNG cut before its header as damaged", () => {
    expect(sniffImage(fixture("img.png").subarray(0, 20))).toMatchObject({ ok: false, reason: "damaged" });
  });

  it("refuses a JPEG whose frame header is missing as damaged", () => {
    const jpeg = fixture("img.jpg");
    expect(sniffImage(jpeg.subarray(0, 30))).toMatchObject({ ok: false, reason: "damaged" });
  });

  it("refuses a zero-sized GIF as damaged", () => {
    const gif = fixture("img.gif").slice();
    gif.fill(0, 6, 10);
    expect(sniffImage(gif)).toMatchObject({ ok: false, reason: "damaged" });
  });
});
