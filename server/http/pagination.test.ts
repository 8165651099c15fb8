import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { decodeCursor, encodeCursor, offsetPage, offsetWindow } from "./pagination";

beforeAll(() => {
  process.env.NEXTAUTH_SECRET = "unit-test-secret";
});

describe("offset pagination", () => {
  it("turns page and limit into skip and take", () => {
    expect(offsetWindow({ page: 1, limit: 20 })).toEqual({ skip: 0, take: 20 });
    expect(offsetWindow({ page: 3, limit: 50 })).toEqual({ skip: 100, take: 50 });
  });

  it("reports total pages", () => {
    expect(offsetPage([1, 2], 41, { page: 1, limit: 20 })).toEqual({
      data: [1, 2],
      total: 41,
      page: 1,
      limit: 20,
      totalPages: 3,
    });
    expect(offsetPage([], 0, { page: 1, limit: 20 }).totalPages).toBe(0);
  });
});

describe("cursors", () => {
  it("round-trip a position", () => {
    const pos = { createdAt: "2026-11-22T10:00:00.000Z", id: "5f0c" };
    expect(decodeCursor(encodeCursor(pos))).toEqual(pos);
  });

  it("reject tampered and garbage cursors with a 422", () => {
    const cursor = encodeCursor({ id: "a" });
    const [body, mac] = cursor.split(".");
    const forged = `${Buffer.from(JSON.stringify({ id: "b" })).toString("base64url")}.${mac}`;
    for (const bad of [forged, `${body}.x${mac!.slice(1)}`, "garbage", "", "a.b.c"]) {
      expect(() => decodeCursor(bad)).toThrow(AppError);
      try {
        decodeCursor(bad);
      } catch (error) {
        expect((error as AppError).status).toBe(422);
      }
    }
  });
});
