import { describe, expect, it } from "vitest";
import { CallColumns, type ColumnFilter, type FoldedCall } from "./call-columns.ts";
import { BUCKET_COUNT, bucketOf } from "./response-buckets.ts";

// docs/decisions/046-analytics-in-memory.md: the columns count what the SQL over the calls counts.
// Here against a plain loop over the same calls, past several growths of the arrays; the whole
// answers against the database are compared in analytics-rollup.test.ts.

const HOUR = 3_600_000;
let seed = 11;
const random = (n: number): number => ((seed = (seed * 48_271) % 2_147_483_647), seed % n);

const calls: FoldedCall[] = Array.from({ length: 20_000 }, () => {
  const opened = 1_760_000_000_000 + random(90 * 24) * HOUR + random(HOUR);
  return {
    opened_at: opened,
    local_hour: Math.trunc((opened + HOUR) / HOUR),
    response_ms: random(3 * HOUR) - 2_000,
    call_type_id: 100 + random(6),
    section_id: random(10) === 0 ? null : 7 + random(3),
    device_id: 500 + random(40),
  };
});
const repeaters = new Set([500, 501, 502]);
const DEFECT = 105;

const base: ColumnFilter = {
  from: null,
  to: null,
  callTypeIds: null,
  sectionIds: null,
  excludedTypeIds: [],
  hideDefects: "none",
  defectTypeIds: [DEFECT],
  isRepeater: (id) => repeaters.has(id),
};

function kept(f: ColumnFilter, c: FoldedCall): boolean {
  if (f.from !== null && c.opened_at < f.from) return false;
  if (f.to !== null && c.opened_at >= f.to) return false;
  if (f.callTypeIds && !f.callTypeIds.includes(c.call_type_id)) return false;
  if (f.excludedTypeIds.includes(c.call_type_id)) return false;
  if (f.sectionIds && !f.sectionIds.includes(c.section_id ?? -1)) return false;
  if (f.defectTypeIds.includes(c.call_type_id)) {
    if (f.hideDefects === "all") return false;
    if (f.hideDefects === "not_repeater" && !repeaters.has(c.device_id)) return false;
    if (f.hideDefects === "repeater" && repeaters.has(c.device_id)) return false;
  }
  return true;
}

const middle = calls[5_000]!.opened_at;
const filters: [string, ColumnFilter][] = [
  ["everything", base],
  ["a period", { ...base, from: middle, to: middle + 20 * 24 * HOUR }],
  ["two types, presence left out", { ...base, callTypeIds: [101, 102], excludedTypeIds: [103] }],
  ["a section and no section", { ...base, sectionIds: [8, -1] }],
  ["defects hidden", { ...base, hideDefects: "all" }],
  ["only repeater defects", { ...base, hideDefects: "not_repeater" }],
  ["no repeater defects", { ...base, hideDefects: "repeater" }],
];

describe("call columns", () => {
  const columns = new CallColumns();
  for (const c of calls.slice(0, 15_000)) columns.append(c);
  const length = columns.length;
  // Appended after the view's length: a query that took the rollup before does not see them.
  for (const c of calls.slice(15_000)) columns.append(c);
  const seen = calls.slice(0, length);

  it.each(filters)("counts per local hour as the calls do: %s", (_, f) => {
    const expected = new Map<number, { calls: number; response_ms: number }>();
    for (const c of seen.filter((c) => kept(f, c))) {
      const sum = expected.get(c.local_hour) ?? { calls: 0, response_ms: 0 };
      sum.calls += 1;
      sum.response_ms += c.response_ms;
      expected.set(c.local_hour, sum);
    }
    const got = columns.countByLocalHour(f, length);
    expect(new Map(got.map((r) => [r.hour, { calls: r.calls, response_ms: r.response_ms }]))).toEqual(expected);
  });

  it.each(filters)("counts per bucket and key as the calls do: %s", (_, f) => {
    const room = (device: number): number => 9_000 + (device % 7);
    for (const [key, keyOf] of [
      ["hour_of_day", (c: FoldedCall) => c.local_hour % 24],
      ["call_type", (c: FoldedCall) => c.call_type_id],
      [{ groupOfDevice: room }, (c: FoldedCall) => room(c.device_id)],
    ] as const) {
      const expected = new Map<number, number[]>();
      for (const c of seen.filter((c) => kept(f, c))) {
        const counts = expected.get(keyOf(c)) ?? new Array<number>(BUCKET_COUNT).fill(0);
        counts[bucketOf(Math.trunc(c.response_ms / 1000))]! += 1;
        expected.set(keyOf(c), counts);
      }
      const got = columns.histogram(f, key, length);
      expect(new Map([...got].map(([k, counts]) => [k, [...counts]]))).toEqual(expected);
    }
  });

  it("holds every call appended, in arrays that grew by half", () => {
    expect(columns.length).toBe(calls.length);
    expect(columns.countByLocalHour(base).reduce((sum, r) => sum + r.calls, 0)).toBe(calls.length);
    expect(columns.bytes).toBeLessThan(calls.length * 34 * 1.5 + 34 * 4096);
  });
});
