/**
 * The defects screen's test ids. Not in testids.ts: that file is part of the /login bundle, whose
 * budget (bench/skeleton.ts) has no room left; the screen and its browser test import these.
 */
export const DEFECTS_TESTIDS = {
  page: "defects.page",
  /** One row per device and call type, with `data-device`. */
  row: "defects.row",
  /** A row's IgnoreDefects button. */
  ignore: "defects.ignore",
  /** IgnoreDefects for the whole system. */
  ignoreAll: "defects.ignoreAll",
  /** The confirmation dialog's confirm button. */
  confirm: "defects.confirm",
  empty: "defects.empty",
} as const;
