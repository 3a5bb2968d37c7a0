/**
 * The slice of a fixed-row-height list that is on screen: only these rows are rendered, so the
 * tree stays smooth with 20,000 nodes. `overscan` rows above and below hide the blank edge
 * while scrolling fast.
 */
export function visibleWindow(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan = 8): { start: number; end: number } {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const shown = Math.ceil(Math.max(0, viewport) / rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + shown + overscan) };
}

/** The scrollTop that brings row `index` fully into view, or null when it already is. */
export function scrollToReveal(index: number, scrollTop: number, viewport: number, rowHeight: number): number | null {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return null;
}
