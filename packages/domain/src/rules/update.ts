import { PRODUCT_VERSION } from "../version.ts";

/** spec: "It counts down from 30 seconds, then reloads." */
export const UPDATE_COUNTDOWN_SECONDS = 30;

/**
 * spec: "Response header X-CS-Version is read; if different from 5.441 an update is flagged."
 * A missing or blank header flags nothing.
 */
export function isUpdateAvailable(serverVersion: string | null | undefined): boolean {
  if (typeof serverVersion !== "string") return false;
  const version = serverVersion.trim();
  return version !== "" && version !== PRODUCT_VERSION;
}

/** spec: "Update: available, in progress, done, error, timeout." */
export const UPDATE_STATES = ["available", "in_progress", "done", "error", "timeout"] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

/** spec: "Publish up to 10 min; update up to 5 min." Past it, an update in progress has timed out. */
export const UPDATE_TIMEOUT_MS = 5 * 60_000;

/**
 * spec: "Restart slower than usual; update fails or slower than usual." A restart here takes a few
 * seconds (migrations included); one still running after this is "slower than usual".
 */
export const UPDATE_SLOW_AFTER_MS = 60_000;

/** The largest update package the server accepts (the application without development files, gzipped). */
export const UPDATE_PACKAGE_MAX_BYTES = 64 * 1024 * 1024;

/** `5.442`, `5.442.1`: the versions an update package may carry (also a folder name on the server). */
export const UPDATE_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}(\.\d{1,4})?$/;

/** What the server records of the last update (the package's manifest and the progress). */
export interface UpdateRecord {
  state: UpdateState;
  /** The version the update installs. */
  to_version: string;
  /** The version that ran when the update started. */
  from_version: string;
  /** Epoch ms the restart into the new version began (null while only available). */
  started_at: number | null;
  /** Error key (i18n `updates.errors.*`) when the state is error or timeout. */
  error: string | null;
}

/** What an administrator sees of an update at a moment: its state and whether it is slow. */
export interface UpdateProgress {
  state: UpdateState;
  /** spec: "Restart slower than usual": an update in progress past UPDATE_SLOW_AFTER_MS. */
  slow: boolean;
}

/**
 * The state of an update as the running server sees it. An update in progress is done once the
 * server runs its version (spec: "restart ... with a version sets the available update"), timed
 * out after UPDATE_TIMEOUT_MS ("update up to 5 min"), and slow after UPDATE_SLOW_AFTER_MS.
 * Final states stay as they are.
 */
export function updateProgress(record: UpdateRecord, runningVersion: string, now: number): UpdateProgress {
  if (record.state !== "in_progress") return { state: record.state, slow: false };
  if (runningVersion === record.to_version) return { state: "done", slow: false };
  const elapsed = record.started_at === null ? 0 : now - record.started_at;
  if (elapsed > UPDATE_TIMEOUT_MS) return { state: "timeout", slow: false };
  return { state: "in_progress", slow: elapsed > UPDATE_SLOW_AFTER_MS };
}

/** Whether a new update package may be uploaded: not while one is being applied. */
export function canStartUpdate(progress: UpdateProgress | null): boolean {
  return progress === null || progress.state !== "in_progress";
}
