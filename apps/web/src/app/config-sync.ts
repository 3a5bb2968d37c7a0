import { isRecord } from "../api/json";
import { createStore } from "../api/store";
import type { SystemMessageDispatcher } from "./system-messages";

/**
 * Configuration-sync state pushed by the server (spec §7 "Push handling by subject"), kept
 * outside React like the other transport stores. AppData holds the same facts as of its last
 * fetch; the pushes are newer until AppData changes again (see effectiveCommitStart).
 */

/** A commit start or end seen by push, with the AppData value it overrides. */
export interface CommitPush {
  /** ISO start of the running commit; null after commit_done. */
  start: string | null;
  /** AppState committing_gets_config when the push arrived. */
  appDataStart: string | null;
}

/** The result of a publish as pushed at its end. */
export interface CommitOutcome {
  result: "done" | "failed";
  /** The server's failure text (spec §8 wording for the known ones). */
  error: string | null;
  at: number;
}

/** Pending HTTP sync jobs by id, in arrival order (an id may be "" when the push had none). */
export const syncJobs = createStore<readonly string[]>([]);
export const commitPush = createStore<CommitPush | null>(null);
/** spec: "getsconfig.progress sets import progress" (percent), for the commit popup. */
export const importProgress = createStore<number | null>(null);
/** The running publish's send step as last pushed (getsconfig.progress), for the commit popup (which checks it). */
export const publishStep = createStore<string | null>(null);
/** How the last publish ended (getsconfig.commit_done), with when it arrived (ms); null while none or dismissed. */
export const commitOutcome = createStore<CommitOutcome | null>(null);
/**
 * spec: "Adding a sync job with auto_commit false marks the configuration as changed now."; also
 * a pushed getsconfig.changed (a change saved anywhere). ISO.
 */
export const localChange = createStore<string | null>(null);

/** Forgets everything pushed (system switch: the pushes were about the other system). */
export function resetConfigSync(): void {
  syncJobs.set([]);
  commitPush.set(null);
  importProgress.set(null);
  publishStep.set(null);
  commitOutcome.set(null);
  localChange.set(null);
}

export function addSyncJob(jobs: readonly string[], id: string): readonly string[] {
  return jobs.includes(id) && id !== "" ? jobs : [...jobs, id];
}

/** Removes the job; one without a known id removes the oldest, so the count still falls. */
export function removeSyncJob(jobs: readonly string[], id: string): readonly string[] {
  const index = jobs.indexOf(id);
  if (index >= 0) return jobs.filter((_, i) => i !== index);
  return id === "" ? jobs.slice(1) : jobs;
}

/**
 * The commit start to go by: the push's while AppData still shows what it showed when the push
 * arrived; once AppData changes (refetched after the push, or later), AppData is newer.
 */
export function effectiveCommitStart(appDataStart: string | null, push: CommitPush | null): string | null {
  if (push === null || push.appDataStart !== appDataStart) return appDataStart;
  return push.start;
}

/** The later of AppData's last change and a local one. */
export function effectiveLastChange(appDataChange: string | null, local: string | null): string | null {
  if (local === null) return appDataChange;
  if (appDataChange === null) return local;
  return Date.parse(local) > Date.parse(appDataChange) ? local : appDataChange;
}

function stringField(payload: unknown, key: string): string {
  if (!isRecord(payload)) return "";
  const value = payload[key];
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** commit_done's `{result, error}`; a payload without a result reads as failed only when it names an error. */
export function outcomeOf(payload: unknown, now: number): CommitOutcome {
  const error = isRecord(payload) && typeof payload["error"] === "string" && payload["error"] !== "" ? payload["error"] : null;
  const result = isRecord(payload) && (payload["result"] === "done" || payload["result"] === "failed") ? payload["result"] : error ? "failed" : "done";
  return { result, error: result === "failed" ? error : null, at: now };
}

interface ConfigSyncDeps {
  /** AppState committing_gets_config as currently loaded. */
  appDataCommitStart: () => string | null;
  /** Server time in ms. */
  now: () => number;
  /** Refetches AppData (last change, last commit and commit start come from there). */
  refetch: () => void;
}

/** Registers the getsconfig.* and getshttp.* subjects; returns the unregister function. */
export function registerConfigSyncMessages(dispatcher: SystemMessageDispatcher, deps: ConfigSyncDeps): () => void {
  const offs = [
    dispatcher.register("getsconfig.commit", (payload) => {
      const startedAt = stringField(payload, "started_at");
      const start = startedAt !== "" && !Number.isNaN(Date.parse(startedAt)) ? startedAt : new Date(deps.now()).toISOString();
      commitPush.set({ start, appDataStart: deps.appDataCommitStart() });
      importProgress.set(null);
      publishStep.set(null);
      commitOutcome.set(null);
      deps.refetch();
    }),
    dispatcher.register("getsconfig.commit_done", (payload) => {
      commitPush.set({ start: null, appDataStart: deps.appDataCommitStart() });
      importProgress.set(null);
      publishStep.set(null);
      commitOutcome.set(outcomeOf(payload, deps.now()));
      deps.refetch();
    }),
    // A change saved in this or another browser (docs/decisions/026): needs commit from then on.
    dispatcher.register("getsconfig.changed", (payload) => {
      const changedAt = stringField(payload, "changed_at");
      if (changedAt !== "" && !Number.isNaN(Date.parse(changedAt))) localChange.set(changedAt);
    }),
    dispatcher.register("getsconfig.progress", (payload) => {
      const progress = isRecord(payload) ? payload["progress"] : undefined;
      if (typeof progress === "number" && Number.isFinite(progress)) importProgress.set(Math.min(100, Math.max(0, progress)));
      const step = isRecord(payload) ? payload["step"] : undefined;
      if (typeof step === "string") publishStep.set(step);
    }),
    dispatcher.register("getshttp.start", (payload) => {
      syncJobs.set((jobs) => addSyncJob(jobs, stringField(payload, "id")));
      if (isRecord(payload) && payload["auto_commit"] === false) localChange.set(new Date(deps.now()).toISOString());
    }),
    dispatcher.register("getshttp.finished", (payload) => {
      syncJobs.set((jobs) => removeSyncJob(jobs, stringField(payload, "id")));
      deps.refetch();
    }),
    dispatcher.register("getshttp.failed", (payload) => {
      syncJobs.set((jobs) => removeSyncJob(jobs, stringField(payload, "id")));
      deps.refetch();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
