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
}

const runs = new Map<number, PublishRun>();

export const publishRuns = {
  get: (systemId: number): PublishRun | undefined => runs.get(systemId),
  /** Claims the system for a publish; false while one runs. */
  claim(systemId: number, now: number): PublishRun | null {
    if (runs.has(systemId)) return null;
    const run: PublishRun = { system_id: systemId, job_id: null, step: "init", progress: 0, started_at: now };
    runs.set(systemId, run);
    return run;
  },
  release: (systemId: number): void => void runs.delete(systemId),
  any: (): boolean => runs.size > 0,
};
