import { COMMIT_WINDOW_SECONDS } from "../constants.ts";

/** Milliseconds since the epoch of an ISO timestamp; null, empty or unparsable reads as 0. */
function toMillis(value: string | Date | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * spec: "Commit pending: unless demo mode is on, pending when the last commit time is epoch zero
 * or the last change is newer than the last commit." A missing commit time counts as epoch zero.
 */
export function isCommitPending(state: {
  demoMode: boolean;
  lastCommit: string | Date | null | undefined;
  lastChange: string | Date | null | undefined;
}): boolean {
  if (state.demoMode) return false;
  const lastCommit = toMillis(state.lastCommit);
  return lastCommit === 0 || toMillis(state.lastChange) > lastCommit;
}

/**
 * spec: "Committing: the commit-start time is less than 15 minutes old (900 seconds)."
 * A start slightly in the future (clock skew) counts as committing.
 */
export function isCommitting(commitStart: string | Date | null | undefined, now: Date): boolean {
  const start = toMillis(commitStart);
  if (start === 0) return false;
  return now.getTime() - start < COMMIT_WINDOW_SECONDS * 1000;
}

/** Whole minutes since the last change (for the sync indicator's "needs commit" text and pulse). */
export function minutesSinceChange(lastChange: string | Date | null | undefined, now: Date): number {
  const change = toMillis(lastChange);
  if (change === 0) return 0;
  return Math.max(0, Math.floor((now.getTime() - change) / 60_000));
}

/**
 * Unpublished local edits: our configuration changed after it last matched the controller's (its
 * last publish or its last import into our tables). A re-import after the controller's
 * `config.changed` must not overwrite them (docs/decisions/028-config-ours-versus-theirs.md).
 * Unlike isCommitPending, a system never published but imported and untouched has none.
 */
export function hasLocalEdits(state: { lastChange: number; lastCommit: number; lastImport: number | null }): boolean {
  return state.lastChange > Math.max(state.lastCommit, state.lastImport ?? 0);
}

/** spec: "Data sync status: busy, in-sync, loading, needs-commit, offline, processing, ready, unauthorized, unknown." */
export const DATA_SYNC_STATUSES = ["busy", "in-sync", "loading", "needs-commit", "offline", "processing", "ready", "unauthorized", "unknown"] as const;
export type DataSyncStatus = (typeof DATA_SYNC_STATUSES)[number];

/**
 * spec: "Row states: created, updated, deleted, imported_to_cs, imported_to_gets, in_sync,
 * needs_commit, never_synced, removed_from_cs, removed_from_gets, sent_to_gets, submitting_changes."
 * "gets" is the call system's configurator, "cs" is this suite (docs/decisions/028).
 */
export const ROW_STATES = [
  "created",
  "updated",
  "deleted",
  "imported_to_cs",
  "imported_to_gets",
  "in_sync",
  "needs_commit",
  "never_synced",
  "removed_from_cs",
  "removed_from_gets",
  "sent_to_gets",
  "submitting_changes",
] as const;
export type RowState = (typeof ROW_STATES)[number];

// SEND_STEPS lives in send-steps.ts: re-exported from here it would ride with the commit rules
// into the web's first bundle.
