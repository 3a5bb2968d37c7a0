import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import type { EventDraft, SimEvent } from "@caresuite/protocol";

export type JournalListener = (events: readonly SimEvent[]) => void;

/**
 * The controller's source of truth: every event, in order, as JSON lines. An append is written
 * and fsync'd before anyone hears of it (ARCHITECTURE «Call path guarantees»: "simulator (journal, seq n) -> protocol
 * event"), so a restart loses nothing and a seq is never reused. Events are also kept in memory:
 * replays and `GET /api/journal` read from there.
 */
export class Journal {
  private readonly events: SimEvent[] = [];
  private readonly listeners = new Set<JournalListener>();
  private readonly fd: number | null;
  /** While batching (headless history), lines wait here and are fsync'd once at the end. */
  private batch: { lines: string[]; events: SimEvent[] } | null = null;
  private lastAtMs = 0;

  /** `file` null keeps the journal in memory only (pure tests). */
  constructor(file: string | null) {
    if (file === null) {
      this.fd = null;
      return;
    }
    if (existsSync(file)) this.load(file);
    this.fd = openSync(file, "a");
  }

  private load(file: string): void {
    const text = readFileSync(file, "utf8");
    const lines = text.split("\n");
    // The part after the last newline is a torn write (its append never finished, so nobody heard
    // of it); a line that does not parse ends the good part too.
    lines.pop();
    let goodBytes = 0;
    for (const line of lines) {
      let event: SimEvent;
      try {
        event = JSON.parse(line) as SimEvent;
      } catch {
        break;
      }
      this.events.push(event);
      goodBytes += Buffer.byteLength(line) + 1;
    }
    if (goodBytes < Buffer.byteLength(text)) truncateSync(file, goodBytes);
    this.lastAtMs = Date.parse(this.events.at(-1)?.at ?? "1970-01-01T00:00:00Z");
  }

  get lastSeq(): number {
    return this.events.at(-1)?.seq ?? 0;
  }

  get nextSeq(): number {
    return this.lastSeq + 1;
  }

  /** Time of the last event (ms): the clock never starts before it, so `at` never goes back. */
  get lastAt(): number {
    return this.lastAtMs;
  }

  /** Everything so far, for the start-up replay. */
  all(): readonly SimEvent[] {
    return this.events;
  }

  /** Events with seq > `from`, at most `limit`. */
  since(from: number, limit = Number.POSITIVE_INFINITY): SimEvent[] {
    // seq is dense from 1 in practice; a binary search keeps it right if it ever is not.
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.events[mid]?.seq ?? 0) <= from) low = mid + 1;
      else high = mid;
    }
    return this.events.slice(low, Number.isFinite(limit) ? low + limit : undefined);
  }

  /** Appends drafts as one durable write; returns them with seq and `at` (ISO, never earlier than the last). */
  append(drafts: readonly EventDraft[], atMs: number): SimEvent[] {
    if (drafts.length === 0) return [];
    this.lastAtMs = Math.max(this.lastAtMs, atMs);
    const at = new Date(this.lastAtMs).toISOString();
    let seq = this.lastSeq;
    // Key order as documented: { seq, type, at, data }.
    const events = drafts.map((draft) => ({ seq: ++seq, type: draft.type, at, data: draft.data }) as SimEvent);
    const lines = events.map((event) => `${JSON.stringify(event)}\n`);
    this.events.push(...events);
    if (this.batch) {
      this.batch.lines.push(...lines);
      this.batch.events.push(...events);
      return events;
    }
    this.write(lines);
    this.notify(events);
    return events;
  }

  /** Runs `work` with one write and one fsync for all its events (headless history generation). */
  batched<T>(work: () => T): T {
    if (this.batch) return work();
    this.batch = { lines: [], events: [] };
    try {
      return work();
    } finally {
      const { lines, events } = this.batch;
      this.batch = null;
      this.write(lines);
      this.notify(events);
    }
  }

  private write(lines: readonly string[]): void {
    if (this.fd === null || lines.length === 0) return;
    const buffer = Buffer.from(lines.join(""));
    for (let written = 0; written < buffer.length;) written += writeSync(this.fd, buffer, written);
    fsyncSync(this.fd);
  }

  private notify(events: readonly SimEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      // The events are already durable: one broken listener (a socket) must not fail the append.
      try {
        listener(events);
      } catch {
        // The listener's own cleanup (socket close) unsubscribes it.
      }
    }
  }

  subscribe(listener: JournalListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.listeners.clear();
    if (this.fd !== null) closeSync(this.fd);
  }
}
