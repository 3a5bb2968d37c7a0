import { UPDATE_TIMEOUT_MS } from "@caresuite/domain";
import { RESTART_EXIT_CODE } from "../../process-policy.ts";
import type { StoredUpdate } from "./releases.ts";

/**
 * What the supervisor does when the server exits, and on its periodic check (exitCode null):
 * - a requested restart (RESTART_EXIT_CODE) starts the server again at once;
 * - any other exit waits CRASH_DELAY_MS (no busy loop on a server that cannot start);
 * - while an update is in progress, an exit before the new release marked it done is a failed
 *   start: the next start tries again (a failed migration is retried), and after
 *   MAX_FAILED_STARTS the previous release comes back (error);
 * - an update still in progress after UPDATE_TIMEOUT_MS ("update up to 5 min") goes back to the
 *   previous release too (timeout).
 */
export const MAX_FAILED_STARTS = 3;
export const CRASH_DELAY_MS = 1_000;

export interface SupervisorDecision {
  delayMs: number;
  /** The record to write, when it changes. */
  record?: StoredUpdate;
  /** The release to switch back to (null: the installed one); undefined: no rollback. */
  rollbackTo?: string | null;
}

export function supervisorDecision(input: {
  record: StoredUpdate | null;
  exitCode: number | null;
  signal: string | null;
  now: number;
  timeoutMs?: number;
}): SupervisorDecision {
  const { record, exitCode, now } = input;
  const exited = exitCode !== null || input.signal !== null;
  const delayMs = exited && exitCode !== RESTART_EXIT_CODE ? CRASH_DELAY_MS : 0;
  if (!record || record.state !== "in_progress") return { delayMs };
  if (record.started_at !== null && now - record.started_at > (input.timeoutMs ?? UPDATE_TIMEOUT_MS)) {
    return { delayMs, record: { ...record, state: "timeout", error: "updates.timed_out" }, rollbackTo: record.from_release };
  }
  if (!exited || exitCode === RESTART_EXIT_CODE) return { delayMs };
  const failed = record.failed_starts + 1;
  if (failed >= MAX_FAILED_STARTS) {
    return { delayMs, record: { ...record, state: "error", error: "updates.start_failed", failed_starts: failed }, rollbackTo: record.from_release };
  }
  return { delayMs, record: { ...record, failed_starts: failed } };
}
