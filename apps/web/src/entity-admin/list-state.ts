import type { EntityDef, FieldDef } from "@caresuite/domain";
import type { SortDirection } from "./entity-documents";

/** Rows per page of the admin lists. */
export const PAGE_SIZE = 25;

/**
 * The list's search, sort and page live in the query string: a reload or a shared link shows the
 * same page, and closing a form modal (which keeps the query) returns to it.
 */
export interface ListState {
  search: string;
  sort: string;
  direction: SortDirection;
  /** 1-based. */
  page: number;
}

/** Columns of the admin list: fields with `list: true` (never secrets or files), else the display field. */
export function listColumns(entity: EntityDef): [string, FieldDef][] {
  const fields = Object.entries(entity.fields) as [string, FieldDef][];
  const columns = fields.filter(([, field]) => field.list === true && !field.secret && field.kind !== "file");
  return columns.length > 0 ? columns : fields.filter(([name]) => name === entity.displayField);
}

/** The entity's default order: its defaultSort, else the manual order, else the display field. */
export function defaultSort(entity: EntityDef): { sort: string; direction: SortDirection } {
  if (entity.defaultSort) {
    return { sort: entity.defaultSort.field, direction: entity.defaultSort.direction === "desc" ? "DESC" : "ASC" };
  }
  return { sort: entity.sortable ? "sort_order" : entity.displayField, direction: "ASC" };
}

function sortable(entity: EntityDef, field: string): boolean {
  return (field === "sort_order" && entity.sortable === true) || listColumns(entity).some(([name]) => name === field);
}

export function readListState(entity: EntityDef, params: URLSearchParams): ListState {
  const fallback = defaultSort(entity);
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  const valid = sort !== null && sortable(entity, sort);
  const direction = params.get("dir") === "desc" ? "DESC" : "ASC";
  return {
    search: params.get("q") ?? "",
    sort: valid ? sort : fallback.sort,
    direction: valid ? direction : fallback.direction,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of a state; defaults are left out so plain list URLs stay plain. */
export function writeListState(entity: EntityDef, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const fallback = defaultSort(entity);
  if (state.search.trim() !== "") params.set("q", state.search);
  if (state.sort !== fallback.sort || state.direction !== fallback.direction) {
    params.set("sort", state.sort);
    params.set("dir", state.direction === "DESC" ? "desc" : "asc");
  }
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}

/** A click on a column header: the same column flips the direction, another starts ascending. */
export function toggleSort(state: ListState, field: string): ListState {
  const direction: SortDirection = state.sort === field && state.direction === "ASC" ? "DESC" : "ASC";
  return { ...state, sort: field, direction, page: 1 };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Moves the item at `index` by `delta` places (the sort page's up and down buttons). */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The server's largest page (entities.service MAX_PAGE): "all records" is read in pages of it. */
export const ALL_PAGE_SIZE = 200;
/** Pickers and the sort page read at most this many pages (5000 records). */
export const MAX_ALL_PAGES = 25;

/** How many pages of ALL_PAGE_SIZE hold `total` records (at least one, at most MAX_ALL_PAGES). */
export function pagesFor(total: number): number {
  return Math.min(MAX_ALL_PAGES, Math.max(1, Math.ceil(total / ALL_PAGE_SIZE)));
}

/** The records of pages 0..n-1 in order, or null while one of them is missing. */
export function joinPages<T>(pages: readonly (readonly T[] | undefined)[], count: number): T[] | null {
  const items: T[] = [];
  for (let index = 0; index < count; index += 1) {
    const page = pages[index];
    if (!page) return null;
    items.push(...page);
  }
  return items;
}

/** Search and page of a list without column sorting (users): `q` and `page` in the query string. */
export interface PagedSearch {
  search: string;
  /** 1-based. */
  page: number;
}

export function readPagedSearch(params: URLSearchParams): PagedSearch {
  const page = Number(params.get("page"));
  return { search: params.get("q") ?? "", page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function writePagedSearch(state: PagedSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim() !== "") params.set("q", state.search);
  if (state.page > 1) params.set("page", String(state.page));
  return params;
}
