/**
 * The incident screens' and the header indicator's test ids. Not in testids.ts: that file is part
 * of the /login bundle (bench/skeleton.ts budget); the screens and their browser test import these.
 */
export const INCIDENTS_TESTIDS = {
  /** The list page, with `data-fetching` while the list loads. */
  page: "incidents.page",
  filter: "incidents.filter",
  loading: "incidents.loading",
  error: "incidents.error",
  empty: "incidents.empty",
  /** The list's page turner (previous / next), with `data-page`. */
  paging: "incidents.paging",
  previousPage: "incidents.previousPage",
  nextPage: "incidents.nextPage",
  /** One per incident, with `data-incident-id`, `data-status` and `data-severity`. */
  row: "incidents.row",
  /** A row's link to the detail. */
  open: "incidents.open",
  /** A row's or the detail's link to the device's node form. */
  targetLink: "incidents.targetLink",
  /** The detail's link to a Defect's call form. */
  callLink: "incidents.callLink",
  /** The detail modal's content, with `data-status`. */
  detail: "incidents.detail",
  assign: "incidents.assign",
  close: "incidents.close",
  reopen: "incidents.reopen",
  /** The confirmation's confirm button. */
  confirm: "incidents.confirm",
  actionError: "incidents.actionError",
  /** The header's incident indicator, with `data-level` (Critical, Warning, Info). */
  indicator: "incidents.indicator",
  chartsLink: "incidents.chartsLink",
  notificationsLink: "incidents.notificationsLink",
} as const;
