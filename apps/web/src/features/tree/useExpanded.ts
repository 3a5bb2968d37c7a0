import { useCallback, useState } from "react";
import { STORAGE_PREFIX } from "@caresuite/domain";

// "remember expansion per session": sessionStorage, so a new session starts folded again.
const KEY = `${STORAGE_PREFIX}tree_expanded`;

function read(): Set<number> | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? new Set(ids.filter((id): id is number => typeof id === "number")) : null;
  } catch {
    return null;
  }
}

function write(ids: ReadonlySet<number>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Only remembered for this page then.
  }
}

export interface Expansion {
  expanded: ReadonlySet<number>;
  /** The session had no stored expansion yet (the page opens the first levels then). */
  fresh: boolean;
  toggle: (id: number, open?: boolean) => void;
  /** Opens several at once (the ancestors of a search hit). */
  open: (ids: Iterable<number>) => void;
}

/** Which nodes are expanded, remembered for the browser session. */
export function useExpanded(): Expansion {
  const [stored] = useState(read);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => stored ?? new Set());
  const update = useCallback((change: (next: Set<number>) => void) => {
    setExpanded((current) => {
      const next = new Set(current);
      change(next);
      write(next);
      return next;
    });
  }, []);
  const toggle = useCallback(
    (id: number, open?: boolean) =>
      update((next) => {
        if (open ?? !next.has(id)) next.add(id);
        else next.delete(id);
      }),
    [update],
  );
  const open = useCallback(
    (ids: Iterable<number>) =>
      update((next) => {
        for (const id of ids) next.add(id);
      }),
    [update],
  );
  return { expanded, fresh: stored === null, toggle, open };
}
