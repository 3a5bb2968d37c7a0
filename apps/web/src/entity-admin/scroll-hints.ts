/** Which edges of a horizontally scrolling table hide columns (a fade shows there). */
export interface ScrollHints {
  left: boolean;
  right: boolean;
}

/**
 * From the viewport's measures. One pixel of slack: browsers round scroll positions, and a
 * table scrolled to its end must not keep its "more" fade.
 */
export function scrollHints(scrollLeft: number, clientWidth: number, scrollWidth: number): ScrollHints {
  return { left: scrollLeft > 1, right: scrollLeft + clientWidth < scrollWidth - 1 };
}
