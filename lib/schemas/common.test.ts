import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZOffsetQuery, cursorQuery } from "./common";

describe("pagination query schemas", () => {
  it("default page 1 and limit 20", () => {
    expect(ZOffsetQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(ZOffsetQuery.parse({ page: "3", limit: "100" })).toEqual({ page: 3, limit: 100 });
  });

  it.each([
    [{ page: "0" }],
    [{ page: "-1" }],
    [{ page: "1.5" }],
    [{ page: "abc" }],
    [{ limit: "0" }],
    [{ limit: "101" }],
    [{ limit: "1e2" }],
  ])("rejects %j instead of clamping", (query) => {
    expect(ZOffsetQuery.safeParse(query).success).toBe(false);
  });

  it("cursor queries take an optional cursor and a custom default limit", () => {
    const schema = z.object(cursorQuery(50));
    expect(schema.parse({})).toEqual({ limit: 50 });
    expect(schema.parse({ cursor: "abc", limit: "5" })).toEqual({ limit: 5, cursor: "abc" });
  });
});
