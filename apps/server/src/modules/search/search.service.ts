import {
  checkSearchQuery,
  kindsOfSearchCategory,
  searchCategoryOfKind,
  SEARCH_CATEGORIES,
  SEARCH_NODE_FIELDS,
  SEARCH_RESULTS_PER_CATEGORY,
  type SearchCategory,
} from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { nodeVisibility } from "../systemtree/node-access.ts";
import { findFlightProfiles, findNodes, nodesByIds, type SearchedNode } from "./search.repo.ts";

export interface SearchResultView {
  entity: number;
  key: string;
  kind: string;
  text: string;
  context: string | null;
}

export interface SearchEntryView {
  category: SearchCategory;
  results: SearchResultView[];
}

/**
 * Candidates read per category before ranking: enough that the best 20 (prefix matches first) are
 * among them on a 20,000-node site, few enough to stay an index lookup.
 */
const CANDIDATES = 60;
/**
 * A user who sees part of the tree may find the first candidates hidden: the read widens tenfold
 * while a category has fewer than 20 visible results but more hidden candidates, up to this many.
 */
const MAX_CANDIDATES = 6000;

/** The first field (in SEARCH_NODE_FIELDS order) holding the needle, with its value. */
function matchedField(node: SearchedNode, needle: string): { key: string; text: string } | null {
  for (const key of SEARCH_NODE_FIELDS) {
    const value = (node as Record<string, unknown>)[key];
    if (typeof value === "string" && value.toLowerCase().includes(needle)) return { key, text: value };
  }
  return null;
}

/** Prefix matches before inner ones, then shorter (closer) texts, then alphabetically. */
function rank(needle: string): (a: SearchResultView, b: SearchResultView) => number {
  const starts = (result: SearchResultView): number => (result.text.toLowerCase().startsWith(needle) ? 0 : 1);
  return (a, b) => starts(a) - starts(b) || a.text.length - b.text.length || a.text.localeCompare(b.text) || a.entity - b.entity;
}

/** "Station 1 / Etage 2": the grandparent's and the parent's names, or null at the top. */
function contextOf(node: SearchedNode, byId: ReadonlyMap<number, SearchedNode>): string | null {
  const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
  if (!parent) return null;
  const grandparent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
  return grandparent ? `${grandparent.name} / ${parent.name}` : parent.name;
}

/** The matching nodes of each node category (at most CANDIDATES each), in the categories' order. */
async function nodeResults(
  ctx: RequestContext,
  needle: string,
  categories: readonly SearchCategory[],
  visible: (node: SearchedNode) => boolean,
): Promise<SearchedNode[][]> {
  const kinds = categories.map(kindsOfSearchCategory);
  // Devices the user may not see (spec §6 see_tech_devices, see_wired_devices, call source group
  // None) are no results: the same rule as the tree's.
  for (let limit = CANDIDATES; ; limit *= 10) {
    const found = await findNodes(ctx.db.kysely, ctx.db.dialect, ctx.systemId, needle, kinds, limit);
    const nodes = (
      await nodesByIds(
        ctx.db.kysely,
        ctx.systemId,
        found.map((node) => node.id),
      )
    ).filter(visible);
    const perCategory = categories.map((category) => nodes.filter((node) => searchCategoryOfKind(node.kind) === category));
    const starved = categories.some(
      (category, index) =>
        (perCategory[index]?.length ?? 0) < SEARCH_RESULTS_PER_CATEGORY && found.filter((node) => searchCategoryOfKind(node.kind) === category).length >= limit,
    );
    if (!starved || limit >= MAX_CANDIDATES) return perCategory;
  }
}

/**
 * spec §7 "Search(query: string): entries with category and results (entity, key, kind)": a
 * case-insensitive substring match over the nodes' name, texts, serial, MAC, comment and callback
 * number and the flight profiles' names, at most 20 results per category, empty categories left out.
 */
export async function search(ctx: RequestContext, raw: string): Promise<SearchEntryView[]> {
  const check = checkSearchQuery(raw);
  if (!check.ok) throw new AppError("VALIDATION", "Validation failed", { fields: { query: [{ message: check.message, data: check.data }] } });
  const { needle } = check;
  const nodeCategories = SEARCH_CATEGORIES.filter((category) => category !== "flightprofiles");
  const visible = await nodeVisibility(ctx);
  const [found, profiles] = await Promise.all([
    nodeResults(ctx, needle, nodeCategories, visible),
    findFlightProfiles(ctx.db.kysely, ctx.systemId, needle, SEARCH_RESULTS_PER_CATEGORY),
  ]);
  const matched = found.flat();
  const parentIds = new Set(matched.flatMap((node) => (node.parent_id === null ? [] : [node.parent_id])));
  const parents = await nodesByIds(ctx.db.kysely, ctx.systemId, [...parentIds]);
  const grandparentIds = parents.flatMap((node) => (node.parent_id === null || parentIds.has(node.parent_id) ? [] : [node.parent_id]));
  // A hidden parent (a device below a hidden device) is not named in the context either.
  const byId = new Map([...parents, ...(await nodesByIds(ctx.db.kysely, ctx.systemId, grandparentIds))].filter(visible).map((node) => [node.id, node]));

  const entries: SearchEntryView[] = nodeCategories.map((category, index) => ({
    category,
    results: (found[index] ?? [])
      .flatMap((node): SearchResultView[] => {
        const field = matchedField(node, needle);
        return field ? [{ entity: node.id, key: field.key, kind: node.kind, text: field.text, context: contextOf(node, byId) }] : [];
      })
      .sort(rank(needle))
      .slice(0, SEARCH_RESULTS_PER_CATEGORY),
  }));
  entries.push({
    category: "flightprofiles",
    results: profiles.map((profile) => ({ entity: profile.id, key: "name", kind: "flightprofile", text: profile.name, context: null })),
  });
  return entries.filter((entry) => entry.results.length > 0);
}
