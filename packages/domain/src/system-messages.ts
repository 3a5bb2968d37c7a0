import type { SendStep } from "./rules/send-steps.ts";
/**
 * The subjects of the `systemMessages` push (spec §7 "Push handling by subject") that the server
 * sends and the web handles today, with the payload each carries (sent as JSON text). One list for
 * both sides: a subject the server renames, or the web misspells, fails the typecheck.
 * Here and not in @caresuite/protocol: that package is the controller's protocol; these pushes
 * go from our server to our web client (docs/decisions/015-protocol-package.md).
 */
export interface SystemMessagePayloads {
  /** spec: "time sets clock (seconds x 1000)". */
  time: { seconds: number };
  /** spec: "restart shows notice and, with a version, sets the available update". */
  restart: { version?: string };
  /** spec: "reload reloads". */
  reload: Record<string, never>;
  /** A configurator's parameters (names, weekend windows) changed. */
  "systemparams.updated": { system_ids: number[] };
  /** spec: "schedule.updated, displaygroup.updated, displayprofile.updated mark display config updated". */
  "schedule.updated": { system_id: number | null };
  "displaygroup.updated": { system_id: number | null };
  "displayprofile.updated": Record<string, never>;
  /** spec: "displaynote.updated reloads on display". */
  "displaynote.updated": { system_id: number | null };
  /** spec: "videostream with action start adds url, else removes". */
  videostream: { action: "start" | "stop"; url: string; name: string; video_stream_id: number; system_id: number };
  /** spec: "getsconfig.commit / commit_done set or clear committing": a publish started; `started_at` ISO, now when absent. */
  "getsconfig.commit": { system_id: number; started_at?: string };
  /** spec: "getsconfig.progress sets import progress": the publish's send step and percentage (0..100). */
  "getsconfig.progress": { system_id: number; step: SendStep; progress: number };
  /**
   * Not in the spec's list (docs/decisions/026): a configuration change was saved (`changed_at`
   * ISO): every open browser shows "needs commit" at once, not after its next page load.
   */
  "getsconfig.changed": { system_id: number; changed_at: string };
  /** A publish ended: result done or failed, with the error (spec §8 wording) when it failed. */
  "getsconfig.commit_done": { system_id: number; result: "done" | "failed"; error: string | null };
  /**
   * spec: "getshttp.start adds a sync job, getshttp.finished and getshttp.failed remove it": a
   * request to the call system. "Adding a sync job with auto_commit false marks the configuration
   * as changed now": a publish commits itself and an import leaves ours equal to theirs, so both
   * say true.
   */
  "getshttp.start": { system_id: number; id: string; action: "publish" | "import"; auto_commit: boolean };
  "getshttp.finished": { system_id: number; id: string; action: "publish" | "import" };
  "getshttp.failed": { system_id: number; id: string; action: "publish" | "import"; error?: string };
  /** spec: "incidents.updated stored": a system's incidents changed (raised, assigned, closed, reopened). */
  "incidents.updated": { system_id: number };
  /**
   * spec: "onlinebackup.token and onlinebackup.result store values". Over SFTP the token is a key
   * or password that never leaves the server: the push says only whether one is stored.
   */
  "onlinebackup.token": { has_token: boolean };
  /** An upload to the online backup ended (docs/decisions/045): `error` is a failure class. */
  "onlinebackup.result": { ok: boolean; name: string; error: string | null };
}

export type SystemMessageSubject = keyof SystemMessagePayloads;

export const SYSTEM_MESSAGE_SUBJECTS = [
  "time",
  "restart",
  "reload",
  "systemparams.updated",
  "schedule.updated",
  "displaygroup.updated",
  "displayprofile.updated",
  "displaynote.updated",
  "videostream",
  "getsconfig.commit",
  "getsconfig.progress",
  "getsconfig.changed",
  "getsconfig.commit_done",
  "getshttp.start",
  "getshttp.finished",
  "getshttp.failed",
  "incidents.updated",
  "onlinebackup.token",
  "onlinebackup.result",
] as const satisfies readonly SystemMessageSubject[];
