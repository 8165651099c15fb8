import { describe, expect, it } from "vitest";
import { actionQuery } from "./use-list-query";

describe("actionQuery", () => {
  it("writes numbers and true as text and leaves the empty filters out", () => {
    expect(
      actionQuery({ page: 2, limit: 20, search: "", status: "draft", archived: false, since: undefined, to: null }),
    ).toEqual({ page: "2", limit: "20", status: "draft" });
    expect(actionQuery({ page: 1, limit: 50, search: "spring", archived: true })).toEqual({
      page: "1",
      limit: "50",
      search: "spring",
      archived: "true",
    });
  });
});
