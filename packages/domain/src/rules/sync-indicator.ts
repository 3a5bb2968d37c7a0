import { SYNC_PROGRESS_MIN_VISIBLE_MS, SYNC_PULSE_FULL_MINUTES } from "../constants.ts";
import { isCommitPending, minutesSinceChange } from "./commit.ts";

/** What the top bar's sync indicator says (spec §4 "Sync indicator"). */
export type SyncIndicatorState =
  { kind: "systemsMissing" } | { kind: "neverSynced" } | { kind: "submitting"; count: number } | { kind: "needsCommit"; minutes: number } | { kind: "inSync" };

export interface SyncIndicatorInput {
  systemCount: number;
  demoMode: boolean;
  /** AppState last_gets_commit (ISO; epoch zero = never). */
  lastCommit: string | null;
  /** AppState last_gets_change, or a later local change (a sync job without auto commit). */
  lastChange: string | null;
  /** Pending HTTP sync jobs (getshttp.start not yet finished or failed). */
  syncJobCount: number;
  now: Date;
}

export interface SyncIndicatorView {
  state: SyncIndicatorState;
  /** Route name the indicator links to. */
  linkTo: "sync" | "systemParamList";
  /** 0 = no pulse; up to 1 = full pulse. */
  pulse: number;
}

function isEpochZero(time: string | null): boolean {
  if (time === null || time === "") return true;
  const ms = Date.parse(time);
  return Number.isNaN(ms) || ms === 0;
}

/**
 * spec: "no systems means 'systems missing'; last commit time zero and not demo means 'never
 * synced'; pending HTTP sync jobs mean 'submitting changes' with a count; commit pending shows
 * 'needs commit' with minutes since last change; otherwise 'in sync'. It links to sync (or the
 * system list if no systems). It pulses when a commit is pending, intensity rising with minutes
 * since last change, full at 40 minutes."
 */
export function syncIndicator(input: SyncIndicatorInput): SyncIndicatorView {
  const pending = input.systemCount > 0 && isCommitPending({ demoMode: input.demoMode, lastCommit: input.lastCommit, lastChange: input.lastChange });
  const minutes = minutesSinceChange(input.lastChange, input.now);
  const pulse = pending ? syncPulseIntensity(minutes) : 0;
  const linkTo = input.systemCount > 0 ? "sync" : "systemParamList";
  let state: SyncIndicatorState;
  if (input.systemCount <= 0) state = { kind: "systemsMissing" };
  else if (!input.demoMode && isEpochZero(input.lastCommit)) state = { kind: "neverSynced" };
  else if (input.syncJobCount > 0) state = { kind: "submitting", count: input.syncJobCount };
  else if (pending) state = { kind: "needsCommit", minutes };
  else state = { kind: "inSync" };
  return { state, linkTo, pulse };
}

/** Lowest pulse, so a change made just now still pulses (spec: "It pulses when a commit is pending"). */
export const SYNC_PULSE_MIN = 0.1;

/** spec: "intensity rising with minutes since last change, full at 40 minutes" (linear, at least SYNC_PULSE_MIN). */
export function syncPulseIntensity(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return SYNC_PULSE_MIN;
  return Math.min(1, Math.max(SYNC_PULSE_MIN, minutes / SYNC_PULSE_FULL_MINUTES));
}

/**
 * spec: "The progress bar shows while sync jobs exist and stays at least 3 seconds after"
 * ("progress bar visible at least 3000 ms"): visible while jobs run, and for at least 3000 ms
 * from when it appeared. `shownSince` is when it appeared (ms), null when hidden.
 * Returns when it may hide (ms), or null while jobs run or nothing shows.
 */
export function syncProgressHideAt(syncJobCount: number, shownSince: number | null): number | null {
  if (syncJobCount > 0 || shownSince === null) return null;
  return shownSince + SYNC_PROGRESS_MIN_VISIBLE_MS;
}
