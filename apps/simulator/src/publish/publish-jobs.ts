import { randomUUID } from "node:crypto";
import { PublishError } from "@caresuite/protocol";
import type { ConfigContent } from "@caresuite/protocol";

/** spec "Send steps: init, preparing, wiping, sending, syncing, validating, finishing, done, failed." */
export const PUBLISH_STEPS = ["init", "preparing", "wiping", "sending", "syncing", "validating", "finishing", "done", "failed"] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

/**
 * The working steps and how long each takes: `weight` units of the step time, and for the steps
 * that go through every record (spec "Send empties the configurator and refills it entirely")
 * the record time per record, sending at full cost, syncing (to the hubs) at a quarter.
 */
const TIMELINE: readonly { step: PublishStep; weight: number; perRecord: number }[] = [
  { step: "init", weight: 1, perRecord: 0 },
  { step: "preparing", weight: 1, perRecord: 0 },
  { step: "wiping", weight: 1, perRecord: 0 },
  { step: "sending", weight: 3, perRecord: 1 },
  { step: "syncing", weight: 1, perRecord: 0.25 },
  { step: "validating", weight: 1, perRecord: 0 },
  { step: "finishing", weight: 1, perRecord: 0 },
];
/** Progress updates per step unit, so a poller sees the bar move. */
const TICKS_PER_UNIT = 4;
/** A long step (many records) moves its bar at least this often. */
const MAX_TICK_MS = 250;
export const PUBLISH_ABANDONED = { error: "interrupted", detail: "nobody followed the publish: the previous configuration stays" } as const;

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
  /** Per record of the body (0: the step times alone); see docs/protocol.md "Publishing". */
  recordMs?: number;
  /** Records in the body (nodes and all other collections). */
  records?: number;
  /**
   * Before the swap, a job nobody polled for this long is abandoned (failed / interrupted): the
   * client that started it is gone (0: never).
   */
  leaseMs?: number;
  now: () => number;
}

/**
 * Publishing runs as a job the server polls. The controller keeps its old configuration (and keeps
 * handling calls with it) until "finishing" swaps the new one in whole, so a publish that fails,
 * or a restart in the middle of one, leaves the previous configuration in place.
 */
export class PublishJobs {
  private readonly jobs = new Map<string, PublishJobView>();
  private running: {
    id: string;
    timer: NodeJS.Timeout | null;
    plan: { step: PublishStep; ms: number }[];
    total: number;
    lastPoll: number;
    startedAt: number;
  } | null = null;

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
    const records = deps.records ?? 0;
    const recordMs = deps.recordMs ?? 0;
    const plan = TIMELINE.map((part) => ({ step: part.step, ms: part.weight * deps.stepMs + part.perRecord * records * recordMs }));
    this.running = { id: job.job_id, timer: null, plan, total: plan.reduce((sum, part) => sum + part.ms, 0), lastPoll: Date.now(), startedAt: Date.now() };
    this.tick(job, deps, 0, null);
    return job;
  }

  /** The job as a poller sees it; a poll keeps a running job's lease. */
  poll(id: string): PublishJobView | undefined {
    if (this.running?.id === id) this.running.lastPoll = Date.now();
    return this.jobs.get(id);
  }

  private tick(job: PublishJobView, deps: PublishDeps, elapsed: number, content: ConfigContent | null): void {
    const running = this.running;
    if (!running) return;
    let passed = 0;
    let at = 0;
    const part = running.plan.find((candidate) => {
      at = passed;
      return (passed += candidate.ms) > elapsed;
    });
    if (!part) return this.finish(job, deps, { step: "done", progress: 100 });
    const entering = part.step !== job.step || elapsed === 0;
    const leaseMs = deps.leaseMs ?? 0;
    if (leaseMs > 0 && Date.now() - running.lastPoll > leaseMs && !job.revision) {
      return this.finish(job, deps, { step: "failed", ...PUBLISH_ABANDONED });
    }
    job.step = part.step;
    job.progress = Math.min(99, Math.round((elapsed / running.total) * 100));
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
    // Quarter units, at most MAX_TICK_MS apart, and a tick at every step boundary. The pace is
    // the wall clock's (a late timer does not slow the controller down), but
    // never past the next step's start: every step is entered.
    const stepTick = Math.max(1, Math.min(deps.stepMs / TICKS_PER_UNIT, MAX_TICK_MS));
    const delay = Math.max(1, Math.min(stepTick, at + part.ms - elapsed));
    const timer = setTimeout(() => this.tick(job, deps, Math.max(elapsed + delay, Math.min(Date.now() - running.startedAt, at + part.ms)), next), delay);
    running.timer = timer;
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
