/**
 * The analytics screen's test ids. Not in testids.ts: that file is part of the /login bundle,
 * whose budget (bench/skeleton.ts) has no room left; the screen and its browser test import these.
 */
export const ANALYTICS_TESTIDS = {
  /** With `data-fetching` while the numbers of a filter load. */
  page: "analytics.page",
  range: "analytics.range",
  /** The custom period's dates (range CUSTOM). */
  from: "analytics.from",
  to: "analytics.to",
  sections: "analytics.sections",
  callTypes: "analytics.callTypes",
  loading: "analytics.loading",
  error: "analytics.error",
  empty: "analytics.empty",
  /** One per chart card, with `data-chart` naming it (shift, hour, day, heatmap, room, callType). */
  card: "analytics.card",
  /** The chart / table switch of a card. */
  viewToggle: "analytics.viewToggle",
  /** The readable table of a card. */
  table: "analytics.table",
  /** Per shift, with `data-shift` (DAY, NIGHT). */
  shift: "analytics.shift",
  longestWaits: "analytics.longestWaits",
  /** A longest-wait row's link to the call form. */
  callLink: "analytics.callLink",
  roomLink: "analytics.roomLink",
  lowBattery: "analytics.lowBattery",
  notReachable: "analytics.notReachable",
  defects: "analytics.defects",
  repeaterDefects: "analytics.repeaterDefects",
  /** The link to the incident list (/analytics/incidents), for users who manage incidents. */
  incidentsLink: "analytics.incidentsLink",
} as const;
