import { afterEach, describe, expect, it, vi } from "vitest";
import { csvStream, type CsvCell } from "./csv-stream";

/** A source of batches; an Error in the list is thrown when its turn comes. */
const source = (batches: (CsvCell[][] | null | Error)[]) => {
  let calls = 0;
  const next = async () => {
    const batch = batches[calls++] ?? null;
    if (batch instanceof Error) throw batch;
    return batch;
  };
  return { next, calls: () => calls };
};

afterEach(() => vi.restoreAllMocks());

describe("csvStream", () => {
  it("streams the header (with a BOM if asked), then every batch, then ends", async () => {
    const rows = source([[["a", 1]], [["=b", null]], null]);
    const bytes = await new Response(await csvStream(["name", "n"], rows.next, { bom: true })).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe("\ufeffname,n\r\na,1\r\n'=b,\r\n");
  });

  it("reads the first batch before returning: a failure there rejects, with no stream to send", async () => {
    const rows = source([new Error("database is down")]);
    await expect(csvStream(["name"], rows.next)).rejects.toThrow("database is down");
  });

  it("pulls later batches only as they are read", async () => {
    const rows = source([[["a"]], [["b"]], null]);
    const reader = (await csvStream(["name"], rows.next)).getReader();
    expect(rows.calls()).toBe(1);
    await reader.read(); // header
    await reader.read(); // first batch
    expect(rows.calls()).toBe(1);
  });

  it("errors the stream when a later batch fails, and logs the failure with its context", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const rows = source([[["a"]], new Error("connection lost")]);
    const stream = await csvStream(["name"], rows.next, { context: { export: "test", workspaceId: "w1" } });
    await expect(new Response(stream).text()).rejects.toThrow("connection lost");
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({
      level: "error",
      source: "csv-download",
      export: "test",
      workspaceId: "w1",
      error: "Error: connection lost",
    });
  });
});
