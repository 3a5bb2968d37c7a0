import { describe, expect, it } from "vitest";
import { defineEntity, int, text } from "@caresuite/domain";
import {
  defaultSort,
  joinPages,
  listColumns,
  moveItem,
  pageCount,
  pagesFor,
  readListState,
  readPagedSearch,
  toggleSort,
  writeListState,
  writePagedSearch,
  type ListState,
} from "./list-state";

const base = {
  table: "t",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
} as const;
const sortable = defineEntity({
  ...base,
  name: "ordered",
  plural: "ordereds",
  route: "ordered",
  sortable: true,
  fields: { name: text({ max: 20, list: true }), code: int({ list: true }), secret: text({ max: 9, secret: true, list: true }) },
});
const plain = defineEntity({ ...base, name: "plain", plural: "plains", route: "plain", fields: { name: text({ max: 20 }), note: text({ max: 20 }) } });

describe("list columns", () => {
  it("are the list fields, never secrets", () => {
    expect(listColumns(sortable).map(([name]) => name)).toEqual(["name", "code"]);
  });

  it("fall back to the display field when no field is listed", () => {
    expect(listColumns(plain).map(([name]) => name)).toEqual(["name"]);
  });
});

describe("list state in the query string", () => {
  it("defaults to the manual order for sortable entities, else the display field", () => {
    expect(defaultSort(sortable)).toEqual({ sort: "sort_order", direction: "ASC" });
    expect(defaultSort(plain)).toEqual({ sort: "name", direction: "ASC" });
  });

  it("reads search, sort and page, and ignores columns that cannot be sorted", () => {
    expect(readListState(sortable, new URLSearchParams("q=bett&sort=code&dir=desc&page=3"))).toEqual({
      search: "bett",
      sort: "code",
      direction: "DESC",
      page: 3,
    });
    expect(readListState(sortable, new URLSearchParams("sort=secret&dir=desc&page=-2"))).toEqual({ search: "", sort: "sort_order", direction: "ASC", page: 1 });
  });

  it("writes only what differs from the defaults (round trip)", () => {
    const state: ListState = { search: "bett", sort: "code", direction: "DESC", page: 2 };
    const params = writeListState(sortable, state);
    expect(params.toString()).toBe("q=bett&sort=code&dir=desc&page=2");
    expect(readListState(sortable, params)).toEqual(state);
    expect(writeListState(sortable, { search: " ", sort: "sort_order", direction: "ASC", page: 1 }).toString()).toBe("");
  });

  it("a header click toggles the direction of the same column, starts others ascending, and goes to page 1", () => {
    const state: ListState = { search: "", sort: "name", direction: "ASC", page: 4 };
    expect(toggleSort(state, "name")).toEqual({ ...state, direction: "DESC", page: 1 });
    expect(toggleSort({ ...state, direction: "DESC" }, "name")).toEqual({ ...state, direction: "ASC", page: 1 });
    expect(toggleSort({ ...state, direction: "DESC" }, "code")).toEqual({ ...state, sort: "code", direction: "ASC", page: 1 });
  });

  it("counts pages of 25, at least one", () => {
    expect([0, 1, 25, 26, 73].map(pageCount)).toEqual([1, 1, 1, 2, 3]);
  });
});

describe("sort page moves", () => {
  it("move one item up or down and ignore moves past the ends", () => {
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
  });
});

describe("reading all records in server pages of 200", () => {
  it("asks for as many pages as the total needs, at least one, at most 25", () => {
    expect([0, 200, 201, 250, 100_000].map(pagesFor)).toEqual([1, 1, 2, 2, 25]);
  });

  it("joins pages in order only once every page arrived", () => {
    expect(joinPages([[1, 2], undefined, [5]], 3)).toBeNull();
    expect(joinPages([[1, 2], [3, 4], [5]], 3)).toEqual([1, 2, 3, 4, 5]);
    expect(joinPages([[1, 2], [3]], 1)).toEqual([1, 2]);
  });
});

describe("search and page of a list without column sorting (users)", () => {
  it("reads q and page, defaulting to page 1", () => {
    expect(readPagedSearch(new URLSearchParams("q=an&page=3"))).toEqual({ search: "an", page: 3 });
    expect(readPagedSearch(new URLSearchParams("page=0"))).toEqual({ search: "", page: 1 });
    expect(readPagedSearch(new URLSearchParams("page=x"))).toEqual({ search: "", page: 1 });
  });

  it("writes plain URLs for the defaults and round-trips", () => {
    expect(writePagedSearch({ search: " ", page: 1 }).toString()).toBe("");
    const state = { search: "pflege", page: 2 };
    expect(readPagedSearch(writePagedSearch(state))).toEqual(state);
  });
});
