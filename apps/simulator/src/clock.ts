/**
 * The controller's clock. With a speed factor above 1 simulated time runs faster than real time
 * (history in minutes instead of days); every event carries the simulated time.
 */
export interface SimClock {
  now(): number;
  readonly speed: number;
  /** Changes the speed from now on, without a jump in time. */
  setSpeed(speed: number): void;
  /** Real milliseconds until the simulated time `at`. */
  realDelayUntil(at: number): number;
}

export function createClock(startMs: number, speed: number): SimClock {
  let originSim = startMs;
  let originReal = performance.now();
  let factor = speed;
  const now = (): number => originSim + (performance.now() - originReal) * factor;
  return {
    now,
    get speed() {
      return factor;
    },
    setSpeed(next: number): void {
      originSim = now();
      originReal = performance.now();
      factor = next;
    },
    realDelayUntil(at: number): number {
      return Math.max(0, (at - now()) / factor);
    },
  };
}
