/**
 * Test ids of /admin/updates. Kept with the feature, not in testids.ts, which the /login and
 * /display bundles carry.
 */
export const UPDATES_TESTIDS = {
  page: "updates.page",
  runningVersion: "updates.runningVersion",
  packageVersion: "updates.packageVersion",
  state: "updates.state",
  slow: "updates.slow",
  failed: "updates.failed",
  upload: "updates.upload",
  uploadInput: "updates.uploadInput",
  install: "updates.install",
  error: "updates.error",
  loadError: "updates.loadError",
} as const;
