import type { SendStep } from "@caresuite/domain";

/**
 * The publishes this process runs, per system (one at a time: a second one is refused). In memory
 * on purpose: after a restart there is no live job, and a stored commit start without one is a
 * publish the restart interrupted (config-sync.service.ts markInterruptedPublish).
 */
export interface PublishRun {
  system_id: number;
  job_id: string | null;
  step: SendStep;
  progress: number;
  started_at: number;
  /** Started by auto-commit (auto-commit.ts), not by a person. */
  auto: boolean;
}

const runs = new Map<number, PublishRun>();
const endListeners = new Set<(run: PublishRun, error: string | null) => void>();

/** Told when a started publish ends, done or failed (auto-commit.ts). */
export function onPublishEnded(listener: (run: PublishRun, error: string | null) => void): void {
  endListeners.add(listener);
}

export const publishRuns = {
  get: (systemId: number): PublishRun | undefined => runs.get(systemId),
  /** Claims the system for a publish; false while one runs. */
  claim(systemId: number, now: number, auto = false): PublishRun | null {
    if (runs.has(systemId)) return null;
    const run: PublishRun = { system_id: systemId, job_id: null, step: "init", progress: 0, started_at: now, auto };
    runs.set(systemId, run);
    return run;
  },
  release: (systemId: number): void => void runs.delete(systemId),
  /** A publish that ran ended (error null: done); listeners are told after its release. */
  ended(run: PublishRun, error: string | null): void {
    for (const listener of endListeners) listener(run, error);
  },
  any: (): boolean => runs.size > 0,
};
