/**
 * A seedable random source: the same seed gives the same traffic, so tests and benchmarks can
 * replay a day exactly. mulberry32: tiny, fast, good enough statistically for simulation.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return {
    next(): number {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

/** Waiting time of a Poisson process with `ratePerMs` events per ms. */
export function exponential(random: Random, ratePerMs: number): number {
  return -Math.log(1 - random.next()) / ratePerMs;
}

/** A standard normal value (Box–Muller). */
export function standardNormal(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal with the given median and shape: durations cluster around the median with a long tail. */
export function logNormal(random: Random, median: number, sigma: number): number {
  return median * Math.exp(sigma * standardNormal(random));
}

/** One item, chosen with probability proportional to its weight. */
export function pickWeighted<T>(random: Random, items: readonly { item: T; weight: number }[]): T | undefined {
  const total = items.reduce((sum, entry) => sum + entry.weight, 0);
  let remaining = random.next() * total;
  for (const entry of items) {
    remaining -= entry.weight;
    if (remaining < 0) return entry.item;
  }
  return items.at(-1)?.item;
}

/** One item, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items[Math.floor(random.next() * items.length)];
}
