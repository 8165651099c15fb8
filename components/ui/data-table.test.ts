// The markup <DataTable> renders (server-rendered, as the dashboard's first paint is): what screen readers and the
// e2e specs read from it. Sorting and selection logic are tested on their own in data-table-state.test.ts.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, Truncate, type Column } from "./data-table";

type Row = { id: string; name: string; count: number };
const rows: Row[] = [
  { id: "a", name: "Beta", count: 2 },
  { id: "b", name: "alpha", count: 10 },
  { id: "c", name: "Gamma", count: 1 },
];
const columns: (Column<Row> | false)[] = [
  { id: "name", header: "Name", sortable: true, sortValue: (r) => r.name, cell: (r) => r.name },
  {
    id: "count",
    header: "Contacts",
    align: "right",
    sortable: true,
    sortValue: (r) => r.count,
    firstDirection: "desc",
    cell: (r) => String(r.count),
  },
  { id: "created", header: "Created", hideBelow: "sm", cell: () => "today" },
  false,
  { id: "actions", header: "Actions", hideHeader: true, shrink: true, cell: (r) => `Edit ${r.name}` },
];

const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(createElement(DataTable<Row>, { columns, rows, rowKey: (r) => r.id, ...props }));
const cellTexts = (html: string) => [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

describe("DataTable", () => {
  it("renders sortable headers as buttons with aria-sort, the others as text", () => {
    const html = render({ sort: { key: "count", direction: "desc" } });
    expect(html).toMatch(/<th[^>]*aria-sort="none"[^>]*><button type="button"[^>]*>Name/);
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*><button type="button"[^>]*>Contacts/);
    expect(html).toMatch(/<th scope="col" class="[^"]*hidden sm:table-cell[^"]*">Created<\/th>/);
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html.match(/<th /g)).toHaveLength(4); // the `false` column is skipped
  });

  it("sorts client-side from the given sort when the page does not sort on the server", () => {
    const byName = cellTexts(render({ sort: { key: "name", direction: "asc" } })).filter((t, i) => i % 4 === 0);
    expect(byName).toEqual(["alpha", "Beta", "Gamma"]);
    const byCount = cellTexts(render({ sort: { key: "count", direction: "desc" } })).filter((t, i) => i % 4 === 0);
    expect(byCount).toEqual(["alpha", "Beta", "Gamma"]); // 10, 2, 1
  });

  it("keeps the server's order when the page sorts on the server", () => {
    const html = render({ sort: { key: "name", direction: "asc" }, onSortChange: () => {} });
    expect(cellTexts(html).filter((t, i) => i % 4 === 0)).toEqual(["Beta", "alpha", "Gamma"]);
    expect(html).toMatch(/aria-sort="ascending"[^>]*><button[^>]*>Name/);
  });

  it("aligns, hides and shrinks cells as their column says, and passes row attributes", () => {
    const html = render({ rowProps: (r) => ({ "data-testid": `row-${r.id}`, className: "dim" }) });
    expect(html).toContain('data-testid="row-a"');
    expect(html).toMatch(/<tr class="[^"]*dim"/);
    expect(html).toMatch(/<td class="[^"]*text-right[^"]*">2<\/td>/);
    expect(html).toMatch(/<td class="[^"]*w-px whitespace-nowrap[^"]*">Edit Beta<\/td>/);
  });

  it("shows the empty state instead of a table without rows", () => {
    const html = render({ rows: [], empty: createElement("p", null, "No tags yet") });
    expect(html).toBe("<p>No tags yet</p>");
    expect(render({ rows: [] })).toContain("<table");
  });

  it("offers a named checkbox per row and a select-all that shows the selection", () => {
    const selection = {
      selected: new Set(["a", "b", "c"]),
      onChange: () => {},
      rowLabel: (r: Row) => `Select ${r.name}`,
    };
    const all = render({ selection });
    expect(all).toMatch(/<th[^>]*><input type="checkbox" aria-label="Select all rows"[^>]*checked=""/);
    expect(all).toContain('aria-label="Select Beta"');
    const none = render({ selection: { ...selection, selected: new Set<string>() } });
    expect(none).not.toContain('checked=""');
  });

  it("dims rows that are a placeholder for the next page", () => {
    expect(render({ stale: true })).toMatch(/^<div class="opacity-60 transition-opacity">/);
  });
});

describe("Truncate", () => {
  it("cuts a long name and keeps it whole on hover", () => {
    const html = renderToStaticMarkup(createElement(Truncate, { text: "A very long name", className: "max-w-40" }));
    expect(html).toBe('<span class="block truncate max-w-40" title="A very long name">A very long name</span>');
  });
});
