/**
 * The fixed response-time buckets of the analytics rollup (docs/decisions/034-analytics.md): a
 * response of s whole seconds counts in one bucket, and a percentile is reported as the lower bound
 * of the bucket it falls in, whether the calls came from the rollup or from the calls table. The
 * map from seconds to lower bound only ever rises, so the nearest-rank percentile of the bucketed
 * times is the bucket of the exact percentile: exact to 5 s below 2 min, to 10 s below 10 min, to a
 * minute below 30 min, to 5 min below 2 h; beyond 2 h the answer is "2 h or more" (7200).
 */
interface Band {
  /** First second of the band; its buckets are `step` seconds wide up to the next band's start. */
  from: number;
  step: number;
}

const BANDS: readonly Band[] = [
  { from: 0, step: 5 },
  { from: 120, step: 10 },
  { from: 600, step: 60 },
  { from: 1800, step: 300 },
  { from: 7200, step: Number.POSITIVE_INFINITY },
];

/** Lower bounds of every bucket, ascending. */
export const BUCKET_LOWER_SECONDS: readonly number[] = BANDS.flatMap((band, i) => {
  const next = BANDS[i + 1]?.from;
  if (next === undefined) return [band.from];
  return Array.from({ length: (next - band.from) / band.step }, (_, k) => band.from + k * band.step);
});

export const BUCKET_COUNT = BUCKET_LOWER_SECONDS.length;

/** The rollup's column of bucket i. */
export const bucketColumn = (i: number): string => `b${i}`;
export const BUCKET_COLUMNS: readonly string[] = BUCKET_LOWER_SECONDS.map((_, i) => bucketColumn(i));

/** The bucket of a response of `seconds` whole seconds (a negative time, clocks apart, counts as 0). */
export function bucketOf(seconds: number): number {
  if (seconds < BANDS[1]!.from) return Math.max(0, Math.floor(seconds / BANDS[0]!.step));
  let offset = 0;
  for (let i = 0; i < BANDS.length - 1; i++) {
    const band = BANDS[i]!;
    const next = BANDS[i + 1]!.from;
    if (seconds < next) return offset + Math.floor((seconds - band.from) / band.step);
    offset += (next - band.from) / band.step;
  }
  return offset;
}

/** The lower bound of the bucket `seconds` falls in: what a percentile reports. */
export const bucketSeconds = (seconds: number): number => BUCKET_LOWER_SECONDS[bucketOf(seconds)]!;
