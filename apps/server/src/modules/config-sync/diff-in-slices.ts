import { setImmediate as yieldToLoop } from "node:timers/promises";
import { CONFIG_KINDS, diffConfigs, type ConfigChangeLogEntry, type ControllerConfig, type DiffContext } from "@caresuite/protocol";

/** Records compared per turn of the event loop. */
const SLICE = 2000;

const byId = (a: { id: unknown }, b: { id: unknown }): number => Number(a.id) - Number(b.id);

/**
 * diffConfigs in slices of records of one kind, the event loop turning between them: the same
 * entries in the same order (kind, then id), but 20,000 nodes never hold the boards' event loop
 * for the whole comparison (bench/publish.ts).
 */
export async function diffInSlices(ours: ControllerConfig, theirs: ControllerConfig | null, ctx: DiffContext): Promise<ConfigChangeLogEntry[]> {
  const entries: ConfigChangeLogEntry[] = [];
  const empty = Object.fromEntries(CONFIG_KINDS.map((kind) => [kind, []])) as unknown as ControllerConfig;
  for (const kind of CONFIG_KINDS) {
    const a = [...((ours[kind] ?? []) as { id: unknown }[])].sort(byId);
    const b = [...((theirs?.[kind] ?? []) as { id: unknown }[])].sort(byId);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      // The next SLICE ids of both sides together: records of one id land in one slice.
      const ids: number[] = [];
      let ia = i;
      let jb = j;
      while (ids.length < SLICE && (ia < a.length || jb < b.length)) {
        const x = ia < a.length ? Number(a[ia]?.id) : Infinity;
        const y = jb < b.length ? Number(b[jb]?.id) : Infinity;
        const id = Math.min(x, y);
        ids.push(id);
        if (x === id) ia += 1;
        if (y === id) jb += 1;
      }
      const slice = (config: ControllerConfig, from: number, to: number, list: { id: unknown }[]): ControllerConfig => ({
        ...config,
        [kind]: list.slice(from, to),
      });
      entries.push(...diffConfigs(slice(empty, i, ia, a), theirs === null ? null : slice(empty, j, jb, b), ctx));
      i = ia;
      j = jb;
      await yieldToLoop();
    }
  }
  return entries;
}
