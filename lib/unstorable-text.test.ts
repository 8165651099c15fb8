import { describe, expect, it } from "vitest";
import { findUnstorableText, unstorableTextProblem } from "./unstorable-text";

describe("unstorable text", () => {
  it("accepts ordinary text, emoji (paired surrogates) and other control characters", () => {
    for (const ok of ["François", "😀 party", "tab\there", "", "\u001f"]) expect(unstorableTextProblem(ok)).toBeNull();
  });

  it("refuses NUL and unpaired surrogates, high or low", () => {
    expect(unstorableTextProblem("a\u0000b")).toMatch(/NUL/);
    for (const bad of ["\ud800", "x\ud800y", "\udc00", "a\udc00\ud800b"]) {
      expect(unstorableTextProblem(bad)).toMatch(/unpaired/);
    }
  });

  it("points at every bad value and member name, escaping the pointer", () => {
    const body = JSON.parse('{"name":"ok","fields":{"a/b":"x\\u0000","k\\ud800":1},"tags":["ok","\\udfff"]}');
    expect(findUnstorableText(body)).toEqual([
      { pointer: "#/fields/a~1b", detail: expect.stringMatching(/NUL/) },
      { pointer: "#/fields/k\ud800", detail: expect.stringMatching(/^The member name contains invalid Unicode/) },
      { pointer: "#/tags/1", detail: expect.stringMatching(/unpaired/) },
    ]);
    expect(findUnstorableText({ search: "\u0000" }, "#/query")).toEqual([
      { pointer: "#/query/search", detail: expect.any(String) },
    ]);
  });

  it("walks deep nesting without recursion", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(1);
  });
});
