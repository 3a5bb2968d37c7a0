import type { SimClock } from "../clock.ts";
import type { CallEngine } from "../engine/call-engine.ts";
import type { Journal } from "../journal/journal.ts";
import { TrafficGenerator } from "./traffic-generator.ts";
import type { TrafficProfile } from "./traffic-model.ts";

export interface TrafficStatus {
  enabled: boolean;
  seed: number;
  speed: number;
  profile: TrafficProfile;
  /** Since the generator was (re)started. */
  stats: TrafficGenerator["stats"] | null;
}

/** setTimeout's limit; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs a traffic generator live on the controller's clock, switched on and off by the protocol. */
export class TrafficRunner {
  private readonly engine: CallEngine;
  private readonly journal: Journal;
  private readonly clock: SimClock;
  private generator: TrafficGenerator | null = null;
  private timer: NodeJS.Timeout | null = null;
  private seed: number;
  private profile: TrafficProfile;
  private readonly staleHubIds: readonly number[];

  constructor(deps: { engine: CallEngine; journal: Journal; clock: SimClock; seed: number; profile: TrafficProfile; staleHubIds?: readonly number[] }) {
    this.engine = deps.engine;
    this.journal = deps.journal;
    this.clock = deps.clock;
    this.seed = deps.seed;
    this.profile = deps.profile;
    this.staleHubIds = deps.staleHubIds ?? [];
  }

  status(): TrafficStatus {
    return { enabled: this.generator !== null, seed: this.seed, speed: this.clock.speed, profile: this.profile, stats: this.generator?.stats ?? null };
  }

  /**
   * Starts the generator; a running one keeps going unless a new seed or profile is given (then a
   * fresh generator takes over from now; calls it opened stay open until reset or ended).
   */
  start(changes: { seed?: number; profile?: Partial<TrafficProfile> } = {}): void {
    const changed = changes.seed !== undefined || Object.keys(changes.profile ?? {}).length > 0;
    if (this.generator && !changed) return;
    this.stop();
    this.seed = changes.seed ?? this.seed;
    this.profile = { ...this.profile, ...changes.profile };
    this.generator = new TrafficGenerator(this.engine, { seed: this.seed, profile: this.profile, startAt: this.clock.now(), staleHubIds: this.staleHubIds });
    this.schedule();
  }

  /**
   * Headless history: runs the generator from `fromMs` to `untilMs` without waiting, in one
   * journal batch (one fsync). Events carry the simulated times.
   */
  backfill(fromMs: number, untilMs: number): TrafficGenerator["stats"] {
    const generator = new TrafficGenerator(this.engine, { seed: this.seed, profile: this.profile, startAt: fromMs, staleHubIds: this.staleHubIds });
    this.journal.batched(() => generator.runUntil(untilMs));
    return generator.stats;
  }

  private schedule(): void {
    const generator = this.generator;
    const next = generator?.nextAt();
    if (!generator || next === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        // Everything due at this moment goes to disk together.
        this.journal.batched(() => generator.runUntil(this.clock.now()));
        this.schedule();
      },
      Math.min(MAX_TIMER_MS, this.clock.realDelayUntil(next)),
    );
  }

  /** A new speed re-plans the next wake-up. */
  reschedule(): void {
    if (!this.generator) return;
    if (this.timer) clearTimeout(this.timer);
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.generator = null;
  }
}
