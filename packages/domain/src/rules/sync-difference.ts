/**
 * spec /sync: "a warning before applying a large difference". What counts as large is
 * not in the spec: docs/decisions/030-sync-page.md. A difference is large when applying it
 * removes records (a publish empties the controller and refills it: spec "Send empties the
 * configurator and refills it entirely", so a record only the controller has is gone there), or
 * when it touches many records at once.
 */
export const LARGE_DIFFERENCE_RECORDS = 50;

export interface DifferenceSize {
  /** Records that differ. */
  records: number;
  /** Records the side the difference is applied to loses. */
  removals: number;
  large: boolean;
}

/**
 * How large applying the changelog is. A publish (ours replaces the controller's) removes the
 * records only the controller has; an import (theirs replaces ours) removes those only we have.
 */
export function differenceSize(entries: readonly { ours: boolean; theirs: boolean }[], direction: "publish" | "import"): DifferenceSize {
  const removals = entries.filter((e) => (direction === "publish" ? e.theirs && !e.ours : e.ours && !e.theirs)).length;
  const records = entries.length;
  return { records, removals, large: removals > 0 || records >= LARGE_DIFFERENCE_RECORDS };
}
