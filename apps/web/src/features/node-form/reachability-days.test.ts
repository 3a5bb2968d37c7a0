import { describe, expect, it } from "vitest";
import { REACHABILITY_DAYS, reachabilityDays } from "./reachability-days";

const at = (day: number, hour: number): string => new Date(2026, 10, day, hour).toISOString();
const now = new Date(2026, 10, 26, 12).getTime();

describe('reachability strip (spec §9 "Reachability shown for 14 days")', () => {
  it("has 14 days, oldest first, today last", () => {
    const days = reachabilityDays([], now);
    expect(days).toHaveLength(REACHABILITY_DAYS);
    expect(days[0]?.start).toBe(new Date(2026, 10, 13).getTime());
    expect(days.at(-1)?.start).toBe(new Date(2026, 10, 26).getTime());
    expect(days.every((day) => day.state === "unknown")).toBe(true);
  });

  it.each([
    ["reachable all along", [{ from: at(1, 0), to: null, reachable: true }], "reachable"],
    ["lost the day before and still lost", [{ from: at(25, 8), to: null, reachable: false }], "unreachable"],
    [
      "lost for an hour today",
      [
        { from: at(1, 0), to: at(26, 9), reachable: true },
        { from: at(26, 9), to: at(26, 10), reachable: false },
        { from: at(26, 10), to: null, reachable: true },
      ],
      "mixed",
    ],
  ] as const)("%s: today is %s", (_case, periods, state) => {
    expect(reachabilityDays(periods, now).at(-1)?.state).toBe(state);
  });

  it("a stretch ending at midnight does not count for the next day", () => {
    const days = reachabilityDays([{ from: at(20, 6), to: new Date(2026, 10, 21).toISOString(), reachable: false }], now);
    const byDay = new Map(days.map((day) => [new Date(day.start).getDate(), day.state]));
    expect(byDay.get(20)).toBe("unreachable");
    expect(byDay.get(21)).toBe("unknown");
  });
});
