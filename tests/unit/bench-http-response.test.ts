// The load client's response framing (bench/lib/http-response.mjs): the tracking benchmark's exactly-once check
// trusts it to say which request got which answer, so a response split anywhere, two in one packet, chunked bodies
// and a closing server must each come out as exactly one answer, in order.
import { describe, expect, it } from "vitest";
import { ResponseReader } from "../../bench/lib/http-response.mjs";

const pixel =
  "HTTP/1.1 200 OK\r\nContent-Type: image/gif\r\nContent-Length: 43\r\nConnection: keep-alive\r\n\r\n" + "G".repeat(43);
const redirect = "HTTP/1.1 302 Found\r\nlocation: https://bench.example/page-0\r\ncontent-length: 0\r\n\r\n";
const chunked =
  "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1a\r\n" +
  "abcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\n";
const closing = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 2\r\n\r\nno";

const feed = (reader: ResponseReader, parts: string[]) => parts.flatMap((p) => reader.push(Buffer.from(p, "latin1")));

describe("ResponseReader", () => {
  it("answers each response once, however the bytes are split", () => {
    const all = pixel + redirect + chunked + pixel;
    for (let cut = 1; cut < all.length; cut++) {
      const answers = feed(new ResponseReader(), [all.slice(0, cut), all.slice(cut)]);
      expect(
        answers.map((a) => a.status),
        `split at ${cut}`,
      ).toEqual([200, 302, 404, 200]);
    }
    const byteByByte = feed(new ResponseReader(), [...all]);
    expect(byteByByte.map((a) => a.status)).toEqual([200, 302, 404, 200]);
  });

  it("waits for the whole body before answering", () => {
    const reader = new ResponseReader();
    expect(feed(reader, [pixel.slice(0, -1)])).toEqual([]);
    expect(feed(reader, [pixel.slice(-1)])).toEqual([{ status: 200, close: false }]);
  });

  it("says when the server closes the connection after a response", () => {
    expect(feed(new ResponseReader(), [closing])).toEqual([{ status: 503, close: true }]);
  });

  it("skips an interim 100 and answers 204 and 304 without a body", () => {
    const answers = feed(new ResponseReader(), [
      "HTTP/1.1 100 Continue\r\n\r\n",
      "HTTP/1.1 204 No Content\r\n\r\n",
      "HTTP/1.1 304 Not Modified\r\nETag: x\r\n\r\n",
      redirect,
    ]);
    expect(answers.map((a) => a.status)).toEqual([204, 304, 302]);
  });

  it("ends a body without length or chunking when the connection ends", () => {
    const reader = new ResponseReader();
    expect(feed(reader, ["HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>", "</html>"])).toEqual([]);
    expect(reader.end()).toEqual([{ status: 200, close: true }]);
    expect(new ResponseReader().end()).toEqual([]);
  });

  it("refuses bytes it cannot frame instead of guessing", () => {
    expect(() => feed(new ResponseReader(), ["HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"])).toThrow(
      /chunk size/,
    );
    expect(() => feed(new ResponseReader(), ["SSH-2.0-OpenSSH\r\n\r\n"])).toThrow(/HTTP/);
  });
});
