import { randomUUID } from "node:crypto";
import { PublishError } from "@caresuite/protocol";
import type { ConfigContent } from "@caresuite/protocol";

/** spec "Send steps: init, preparing, wiping, sending, syncing, validating, finishing, done, failed." */
export const PUBLISH_STEPS = ["init", "preparing", "wiping", "sending", "syncing", "validating", "finishing", "done", "failed"] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

/** The working steps and how long each takes, in units of the step time (sending is the long one). */
const TIMELINE: readonly { step: PublishStep; weight: number }[] = [
  { step: "init", weight: 1 },
  { step: "preparing", weight: 1 },
  { step: "wiping", weight: 1 },
  { step: "sending", weight: 3 },
  { step: "syncing", weight: 1 },
  { step: "validating", weight: 1 },
  { step: "finishing", weight: 1 },
];
const TOTAL_WEIGHT = TIMELINE.reduce((sum, part) => sum + part.weight, 0);
/** Progress updates per step unit, so a poller sees the bar move. */
const TICKS_PER_UNIT = 4;

export interface PublishJobView {
  job_id: string;
  step: PublishStep;
  progress: number;
  error?: string;
  detail?: string;
  /** The configuration revision the publish produced (when done). */
  revision?: number;
  started_at: string;
  finished_at?: string;
}

export interface PublishDeps {
  /** Validates the body (throws PublishError); called at "validating". */
  validate: () => ConfigContent;
  /** Swaps the configuration in; called at "finishing"; returns the new revision. */
  apply: (content: ConfigContent) => number;
  stepMs: number;
  now: () => number;
}

/**
 * Publishing runs as a job the server polls. The controller keeps its old configuration (and keeps
 * handling calls with it) until "finishing" swaps the new one in whole, so a publish that fails,
 * or a restart in the middle of one, leaves the previous configuration in place.
 */
export class PublishJobs {
  private readonly jobs = new Map<string, PublishJobView>();
  private running: { id: string; timer: NodeJS.Timeout | null } | null = null;

  get runningJobId(): string | null {
    return this.running?.id ?? null;
  }

  get(id: string): PublishJobView | undefined {
    return this.jobs.get(id);
  }

  /** Starts a job, or returns null while another one runs (the server answers 409). */
  start(deps: PublishDeps): PublishJobView | null {
    if (this.running) return null;
    const job: PublishJobView = { job_id: randomUUID(), step: "init", progress: 0, started_at: new Date(deps.now()).toISOString() };
    this.jobs.set(job.job_id, job);
    this.forgetOldJobs();
    this.running = { id: job.job_id, timer: null };
    this.tick(job, deps, 0, null);
    return job;
  }

  private tick(job: PublishJobView, deps: PublishDeps, tick: number, content: ConfigContent | null): void {
    const unit = Math.floor(tick / TICKS_PER_UNIT);
    let passed = 0;
    const part = TIMELINE.find((candidate) => (passed += candidate.weight) > unit);
    if (!part) return this.finish(job, deps, { step: "done", progress: 100 });
    const entering = part.step !== job.step || tick === 0;
    job.step = part.step;
    job.progress = Math.min(99, Math.round((tick / (TOTAL_WEIGHT * TICKS_PER_UNIT)) * 100));
    let next = content;
    if (entering && part.step === "validating") {
      try {
        next = deps.validate();
      } catch (error) {
        if (!(error instanceof PublishError)) throw error;
        return this.finish(job, deps, { step: "failed", error: error.code, detail: error.detail });
      }
    }
    if (entering && part.step === "finishing" && next) job.revision = deps.apply(next);
    const timer = setTimeout(() => this.tick(job, deps, tick + 1, next), deps.stepMs / TICKS_PER_UNIT);
    if (this.running) this.running.timer = timer;
  }

  private finish(job: PublishJobView, deps: PublishDeps, outcome: Partial<PublishJobView>): void {
    Object.assign(job, outcome, { finished_at: new Date(deps.now()).toISOString() });
    this.running = null;
  }

  /** Jobs are kept for polling; only the last few. */
  private forgetOldJobs(): void {
    const ids = [...this.jobs.keys()];
    for (const id of ids.slice(0, Math.max(0, ids.length - 20))) this.jobs.delete(id);
  }

  /** Stops a running job where it is (shutdown): the old configuration stays. */
  stop(): void {
    if (this.running?.timer) clearTimeout(this.running.timer);
    const job = this.running ? this.jobs.get(this.running.id) : undefined;
    if (job) Object.assign(job, { step: "failed", error: "interrupted", detail: "the controller stopped during the publish" });
    this.running = null;
  }
}
