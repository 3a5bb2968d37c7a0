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

/** docs/decisions/031-auto-commit: a change publishes itself after this long without another one. */
export const AUTO_COMMIT_QUIET_MS = 30_000;
/** An auto-commit that met a running publish or a link that is down asks again after this long. */
export const AUTO_COMMIT_RETRY_MS = 30_000;

export type AutoCommitStep =
  | { action: "none"; why: "off" | "no_edits" | "failed_unchanged" }
  | { action: "wait"; until: number; why: "quiet" | "publishing" | "offline" }
  | { action: "publish" };

/**
 * The system parameter auto_commit (spec "Configurator (system parameters): ... auto_commit"), as
 * decided in docs/decisions/031-auto-commit: with it on, a saved configuration change of the
 * system is published by itself once the configuration has been quiet for `quietMs` (edits in a
 * row make one publish), never while a publish runs or the call system is unreachable (asked
 * again after `retryMs`), and not again for a configuration whose auto publish failed (the next
 * change, or a publish by hand, tries again). With it off, changes wait for a publish by hand.
 * `lastChange` is the system's last saved change (null: none known).
 */
export function nextAutoCommit(state: {
  autoCommit: boolean;
  lastChange: number | null;
  lastCommit: number;
  lastImport: number | null;
  publishing: boolean;
  connected: boolean;
  lastFailure: number | null;
  now: number;
  quietMs?: number;
  retryMs?: number;
}): AutoCommitStep {
  const quietMs = state.quietMs ?? AUTO_COMMIT_QUIET_MS;
  const retryMs = state.retryMs ?? AUTO_COMMIT_RETRY_MS;
  if (!state.autoCommit) return { action: "none", why: "off" };
  if (state.lastChange === null || !hasLocalEdits({ lastChange: state.lastChange, lastCommit: state.lastCommit, lastImport: state.lastImport })) {
    return { action: "none", why: "no_edits" };
  }
  if (state.lastFailure !== null && state.lastFailure >= state.lastChange) return { action: "none", why: "failed_unchanged" };
  if (state.now - state.lastChange < quietMs) return { action: "wait", until: state.lastChange + quietMs, why: "quiet" };
  if (state.publishing) return { action: "wait", until: state.now + retryMs, why: "publishing" };
  if (!state.connected) return { action: "wait", until: state.now + retryMs, why: "offline" };
  return { action: "publish" };
}
