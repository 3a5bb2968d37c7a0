import { BUCKET_COUNT, bucketOf } from "./response-buckets.ts";

/**
 * The closed calls of one system as columns in memory (docs/decisions/046-analytics-in-memory.md):
 * what the analytics group and filter by, one typed array per field, so a year of a large site
 * (1,000,000 calls, 20,000 devices) is scanned in milliseconds instead of grouped by the database.
 * Call types, sections and devices are stored as small dense indexes (a filter becomes a lookup in
 * a byte array); a call costs 34 bytes. Filled by the rollup pass (analytics-rollup.ts), read by
 * the queries (analytics.repo.ts); a closed call never changes, so a column is only appended to.
 */

/** One closed call as the columns take it: the response is presence, else the close. */
export interface FoldedCall {
  opened_at: number;
  /** Local hours since 1970-01-01 00:00 in the system's zone (hour of day = n mod 24). */
  local_hour: number;
  response_ms: number;
  call_type_id: number;
  section_id: number | null;
  device_id: number;
}

/** Which calls a scan counts: the same rules as the SQL filter on the calls (analytics.repo.ts `where`). */
export interface ColumnFilter {
  /** Opening instants [from, to) in ms; null: open on that side. */
  from: number | null;
  to: number | null;
  callTypeIds: readonly number[] | null;
  sectionIds: readonly number[] | null;
  excludedTypeIds: readonly number[];
  hideDefects: "none" | "all" | "not_repeater" | "repeater";
  defectTypeIds: readonly number[];
  /** The system's repeaters (only read when defects are hidden by device kind). */
  isRepeater: (deviceId: number) => boolean;
}

export interface HourSums {
  hour: number;
  calls: number;
  response_ms: number;
}

/** Dense indexes for the ids of one kind: the columns store the index. */
class Dictionary {
  readonly ids: number[] = [];
  private readonly index = new Map<number, number>();
  of(id: number): number {
    let i = this.index.get(id);
    if (i === undefined) {
      i = this.ids.length;
      this.ids.push(id);
      this.index.set(id, i);
    }
    return i;
  }
  /** A byte per index: 1 where `keep(id)`. */
  mask(keep: (id: number) => boolean): Uint8Array {
    const mask = new Uint8Array(this.ids.length);
    this.ids.forEach((id, i) => (mask[i] = keep(id) ? 1 : 0));
    return mask;
  }
}

const NO_SECTION = -1;
const INITIAL_CAPACITY = 4096;

function grow<T extends Float64Array | Int32Array | Uint8Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}

export class CallColumns {
  length = 0;
  private openedAt = new Float64Array(INITIAL_CAPACITY);
  private responseMs = new Float64Array(INITIAL_CAPACITY);
  private localHour = new Int32Array(INITIAL_CAPACITY);
  private hourOfDay = new Uint8Array(INITIAL_CAPACITY);
  private device = new Int32Array(INITIAL_CAPACITY);
  private type = new Int32Array(INITIAL_CAPACITY);
  private section = new Int32Array(INITIAL_CAPACITY);
  private bucket = new Uint8Array(INITIAL_CAPACITY);
  private readonly types = new Dictionary();
  private readonly sections = new Dictionary();
  private readonly devices = new Dictionary();
  private minHour = Number.POSITIVE_INFINITY;
  private maxHour = Number.NEGATIVE_INFINITY;

  /** Bytes held by the columns (their capacity, not only the calls in them). */
  get bytes(): number {
    return [this.openedAt, this.responseMs, this.localHour, this.hourOfDay, this.device, this.type, this.section, this.bucket].reduce(
      (sum, a) => sum + a.byteLength,
      0,
    );
  }

  append(call: FoldedCall): void {
    if (this.length === this.openedAt.length) {
      // Half as much again: a year of a million calls leaves at most a third of its arrays spare.
      const capacity = Math.ceil(this.length * 1.5);
      this.openedAt = grow(this.openedAt, capacity);
      this.responseMs = grow(this.responseMs, capacity);
      this.localHour = grow(this.localHour, capacity);
      this.hourOfDay = grow(this.hourOfDay, capacity);
      this.device = grow(this.device, capacity);
      this.type = grow(this.type, capacity);
      this.section = grow(this.section, capacity);
      this.bucket = grow(this.bucket, capacity);
    }
    const i = this.length++;
    this.openedAt[i] = call.opened_at;
    this.responseMs[i] = call.response_ms;
    this.localHour[i] = call.local_hour;
    this.hourOfDay[i] = ((call.local_hour % 24) + 24) % 24;
    this.device[i] = this.devices.of(call.device_id);
    this.type[i] = this.types.of(call.call_type_id);
    this.section[i] = this.sections.of(call.section_id ?? NO_SECTION);
    // As the queries compute it: whole seconds, truncated (a negative time, clocks apart, counts as 0).
    this.bucket[i] = bucketOf(Math.trunc(call.response_ms / 1000));
    if (call.local_hour < this.minHour) this.minHour = call.local_hour;
    if (call.local_hour > this.maxHour) this.maxHour = call.local_hour;
  }

  /** Per call type index: 0 hidden, 1 counted, 2 counted only on a repeater, 3 only elsewhere. */
  private typeRule(f: ColumnFilter): Uint8Array {
    const named = f.callTypeIds ? new Set(f.callTypeIds) : null;
    const excluded = new Set(f.excludedTypeIds);
    const defect = new Set(f.defectTypeIds);
    const rules = new Uint8Array(this.types.ids.length);
    this.types.ids.forEach((id, i) => {
      if ((named && !named.has(id)) || excluded.has(id)) rules[i] = 0;
      else if (!defect.has(id) || f.hideDefects === "none") rules[i] = 1;
      else if (f.hideDefects === "all") rules[i] = 0;
      else rules[i] = f.hideDefects === "not_repeater" ? 2 : 3;
    });
    return rules;
  }

  /**
   * The indexes of the first `length` calls the filter keeps: a few array lookups per call. Each
   * part then sums over them in its own plain loop (no callback per call: those would not inline).
   */
  private select(f: ColumnFilter, length: number): Int32Array {
    const typeRule = this.typeRule(f);
    const sections = f.sectionIds ? new Set(f.sectionIds) : null;
    const sectionOk = this.sections.mask((id) => sections === null || sections.has(id));
    const repeater = typeRule.some((r) => r >= 2) ? this.devices.mask(f.isRepeater) : new Uint8Array(this.devices.ids.length);
    const from = f.from ?? Number.NEGATIVE_INFINITY;
    const to = f.to ?? Number.POSITIVE_INFINITY;
    const { openedAt, type, section, device } = this;
    const kept = new Int32Array(length);
    let n = 0;
    for (let i = 0; i < length; i++) {
      const at = openedAt[i]!;
      if (at < from || at >= to) continue;
      const rule = typeRule[type[i]!]!;
      if (rule === 0 || sectionOk[section[i]!] === 0) continue;
      if (rule !== 1 && (repeater[device[i]!] === 1) !== (rule === 2)) continue;
      kept[n++] = i;
    }
    return kept.subarray(0, n);
  }

  /** Calls and the sum of their response times per local hour (closed calls: every one responded). */
  countByLocalHour(f: ColumnFilter, length = this.length): HourSums[] {
    if (this.length === 0) return [];
    const base = this.minHour;
    const calls = new Uint32Array(this.maxHour - base + 1);
    const sums = new Float64Array(calls.length);
    const { localHour, responseMs } = this;
    const kept = this.select(f, length);
    for (let k = 0; k < kept.length; k++) {
      const i = kept[k]!;
      const h = localHour[i]! - base;
      calls[h]! += 1;
      sums[h]! += responseMs[i]!;
    }
    const out: HourSums[] = [];
    for (let h = 0; h < calls.length; h++) if (calls[h]! > 0) out.push({ hour: h + base, calls: calls[h]!, response_ms: sums[h]! });
    return out;
  }

  /**
   * Calls per response bucket (`response-buckets.ts` index) per key: the local hour of day, the
   * call type, or a group of devices (`groupOfDevice`, e.g. the room). Keys without calls are left out.
   */
  histogram(
    f: ColumnFilter,
    key: "hour_of_day" | "call_type" | { groupOfDevice: (deviceId: number) => number },
    length = this.length,
  ): Map<number, Uint32Array> {
    // Each call's key is map[column[i]]: the key's index in `keys`.
    let keys: number[];
    let column: Uint8Array | Int32Array;
    let map: Int32Array;
    if (key === "hour_of_day") {
      keys = Array.from({ length: 24 }, (_, h) => h);
      column = this.hourOfDay;
      map = Int32Array.from(keys);
    } else if (key === "call_type") {
      keys = this.types.ids;
      column = this.type;
      map = Int32Array.from(keys, (_, i) => i);
    } else {
      const groups = new Map<number, number>();
      keys = [];
      column = this.device;
      map = Int32Array.from(this.devices.ids, (id) => {
        const group = key.groupOfDevice(id);
        let g = groups.get(group);
        if (g === undefined) groups.set(group, (g = keys.push(group) - 1));
        return g;
      });
    }
    const counts = new Uint32Array(keys.length * BUCKET_COUNT);
    const { bucket } = this;
    const kept = this.select(f, length);
    for (let k = 0; k < kept.length; k++) {
      const i = kept[k]!;
      counts[map[column[i]!]! * BUCKET_COUNT + bucket[i]!]! += 1;
    }
    const out = new Map<number, Uint32Array>();
    for (let k = 0; k < keys.length; k++) {
      const row = counts.subarray(k * BUCKET_COUNT, (k + 1) * BUCKET_COUNT);
      if (row.some((n) => n > 0)) out.set(keys[k]!, row);
    }
    return out;
  }
}
