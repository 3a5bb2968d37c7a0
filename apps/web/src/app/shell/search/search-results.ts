import { routePathByName } from "@caresuite/domain";

/** One hit as the search answers it (contract SearchResult). */
export interface SearchHit {
  entity: number;
  key: string;
  kind: string;
  text: string;
  context: string | null;
}

export interface SearchGroup {
  category: string;
  results: readonly SearchHit[];
}

/** The categories in the order the popup shows them; unknown ones follow in answer order. */
export const CATEGORY_ORDER = ["rooms", "devices", "structure", "people", "flightprofiles"] as const;

export interface ShownGroup {
  category: string;
  /** The hits with their position in the keyboard list (0-based, across groups). */
  hits: { hit: SearchHit; position: number }[];
}

/** Groups in display order, empty ones left out, each hit numbered for arrow-key navigation. */
export function shownGroups(groups: readonly SearchGroup[]): { groups: ShownGroup[]; count: number } {
  const rank = (category: string): number => {
    const index = (CATEGORY_ORDER as readonly string[]).indexOf(category);
    return index < 0 ? CATEGORY_ORDER.length : index;
  };
  const ordered = groups.filter((group) => group.results.length > 0).sort((a, b) => rank(a.category) - rank(b.category));
  let position = 0;
  const shown = ordered.map((group) => ({ category: group.category, hits: group.results.map((hit) => ({ hit, position: position++ })) }));
  return { groups: shown, count: position };
}

/**
 * spec: "Selecting a result goes to the flight profile form for kind flightprofile, otherwise to
 * the system tree node form, with the entity id."
 */
export function hitTarget(hit: Pick<SearchHit, "entity" | "kind">): string {
  return hit.kind === "flightprofile" ? routePathByName("flightProfileForm", { id: hit.entity }) : routePathByName("systemTreeNodeForm", { id: hit.entity });
}

/** Arrow keys walk the list and wrap around; -1 means none is chosen yet. */
export function nextPosition(current: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
