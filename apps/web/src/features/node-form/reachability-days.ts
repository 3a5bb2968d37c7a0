/** One reported stretch of a device's reachability (contract ReachabilityPeriod; `to` null = still going). */
export interface ReachabilityPeriodLike {
  from: string;
  to: string | null;
  reachable: boolean;
}

export type ReachabilityDayState = "reachable" | "unreachable" | "mixed" | "unknown";

export interface ReachabilityDay {
  /** Local midnight of the day (ms). */
  start: number;
  state: ReachabilityDayState;
}

/** spec §9: "Reachability shown for 14 days". */
export const REACHABILITY_DAYS = 14;

/**
 * The last `days` local calendar days (oldest first, today last) and how reachable the device
 * was on each: every reported stretch that day reachable, none, some (mixed), or nothing
 * reported (unknown). Today counts up to `now` only.
 */
export function reachabilityDays(periods: readonly ReachabilityPeriodLike[], now: number, days = REACHABILITY_DAYS): ReachabilityDay[] {
  const today = new Date(now);
  const result: ReachabilityDay[] = [];
  for (let back = days - 1; back >= 0; back -= 1) {
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back).getTime();
    const end = Math.min(new Date(today.getFullYear(), today.getMonth(), today.getDate() - back + 1).getTime(), now);
    let sawReachable = false;
    let sawUnreachable = false;
    for (const period of periods) {
      const from = Date.parse(period.from);
      const to = period.to === null ? now : Date.parse(period.to);
      if (Number.isNaN(from) || Number.isNaN(to) || to <= start || from >= end) continue;
      if (period.reachable) sawReachable = true;
      else sawUnreachable = true;
    }
    const state: ReachabilityDayState = sawReachable && sawUnreachable ? "mixed" : sawReachable ? "reachable" : sawUnreachable ? "unreachable" : "unknown";
    result.push({ start, state });
  }
  return result;
}
