import { describe, expect, it } from "vitest";
import { ariaSort, nextSort, selectAllState, sortRows, toggleAll, toggleOne } from "./data-table-state";

describe("nextSort", () => {
  it("starts a new column in its first direction and flips the sorted one", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort(null, "count", "desc")).toEqual({ key: "count", direction: "desc" });
    expect(nextSort({ key: "name", direction: "asc" }, "name")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort({ key: "name", direction: "desc" }, "name")).toEqual({ key: "name", direction: "asc" });
    expect(nextSort({ key: "name", direction: "desc" }, "count", "desc")).toEqual({ key: "count", direction: "desc" });
  });
});

describe("ariaSort", () => {
  it("names the direction of the sorted column only", () => {
    const sort = { key: "name", direction: "asc" } as const;
    expect(ariaSort(sort, "name")).toBe("ascending");
    expect(ariaSort({ ...sort, direction: "desc" }, "name")).toBe("descending");
    expect(ariaSort(sort, "count")).toBe("none");
    expect(ariaSort(null, "name")).toBe("none");
  });
});

describe("sortRows", () => {
  const rows = [
    { name: "item 10", count: 3, at: new Date("2024-03-01") },
    { name: "Item 2", count: 10, at: new Date("2024-01-01") },
    { name: "", count: 3, at: null },
    { name: "élan", count: 1, at: new Date("2024-02-01") },
  ];
  const names = (r: readonly (typeof rows)[number][]) => r.map((x) => x.name);

  it("orders names as people read them: numbers by value, case and accents aside", () => {
    expect(names(sortRows(rows, { key: "n", direction: "asc" }, (r) => r.name))).toEqual([
      "élan",
      "Item 2",
      "item 10",
      "",
    ]);
    expect(names(sortRows(rows, { key: "n", direction: "desc" }, (r) => r.name))).toEqual([
      "item 10",
      "Item 2",
      "élan",
      "",
    ]);
  });

  it("orders numbers and dates, keeps equal rows in their order and blanks last", () => {
    expect(names(sortRows(rows, { key: "c", direction: "desc" }, (r) => r.count))).toEqual([
      "Item 2",
      "item 10",
      "",
      "élan",
    ]);
    expect(names(sortRows(rows, { key: "a", direction: "asc" }, (r) => r.at))).toEqual([
      "Item 2",
      "élan",
      "item 10",
      "",
    ]);
    expect(names(sortRows(rows, { key: "a", direction: "desc" }, (r) => r.at))).toEqual([
      "item 10",
      "élan",
      "Item 2",
      "",
    ]);
  });

  it("leaves the rows as they came without a sort or a value to sort by", () => {
    expect(sortRows(rows, null, (r) => r.name)).toBe(rows);
    expect(sortRows(rows, { key: "x", direction: "asc" })).toBe(rows);
  });
});

describe("row selection", () => {
  const keys = ["a", "b", "c"];

  it("says none, some or all of the rows on screen", () => {
    expect(selectAllState(keys, new Set())).toBe("none");
    expect(selectAllState(keys, new Set(["b", "elsewhere"]))).toBe("some");
    expect(selectAllState(keys, new Set(["a", "b", "c"]))).toBe("all");
  });

  it("select-all adds every row on screen, or clears them when all were selected, keeping other pages' rows", () => {
    expect([...toggleAll(keys, new Set(["b", "elsewhere"]))].sort()).toEqual(["a", "b", "c", "elsewhere"]);
    expect([...toggleAll(keys, new Set(["a", "b", "c", "elsewhere"]))]).toEqual(["elsewhere"]);
  });

  it("a row's checkbox toggles that row alone", () => {
    expect([...toggleOne("b", new Set(["a"]))].sort()).toEqual(["a", "b"]);
    expect([...toggleOne("a", new Set(["a", "b"]))]).toEqual(["b"]);
  });
});
