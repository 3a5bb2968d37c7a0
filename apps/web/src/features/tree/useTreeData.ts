import { useEffect, useMemo, useState } from "react";
import { useQuery, useSubscription } from "urql";
import { DEFAULT_GLOBAL_SETTINGS } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { openCallBadges, type NodeBadge } from "./call-badges";
import type { HealthSettings } from "./health";
import { TREE_CALLS_CHANGED, TREE_CHANGED, TREE_NODES } from "./tree.graphql";
import { indexTree, type TreeIndex, type TreeNode } from "./tree-model";

/** "last reported 5 minutes ago" ages: re-evaluated each minute. */
const CLOCK_MS = 60_000;
/**
 * Changes come in bursts (a sort, an import, battery reports of many devices): the list is read
 * again once the burst has been quiet this long, not per signal.
 */
const REFETCH_QUIET_MS = 1500;

export interface TreeData {
  index: TreeIndex | null;
  failed: boolean;
  retry: () => void;
  badges: ReadonlyMap<number, NodeBadge>;
  settings: HealthSettings;
  now: number;
}

const NO_BADGES: ReadonlyMap<number, NodeBadge> = new Map();

/** The index last built, with the list and system it came from. */
let lastIndex: { systemId: number; list: readonly TreeNode[]; index: TreeIndex } | null = null;

/** The node list, the live open calls as badges and the health settings of the tree screens. */
export function useTreeData(): TreeData {
  const { data: appData } = useAppData();
  const { systemId } = useSystemContext();
  const [nodes, reexecute] = useQuery({ query: TREE_NODES, requestPolicy: "cache-and-network" });
  const [calls] = useSubscription({ query: TREE_CALLS_CHANGED });
  const [changed] = useSubscription({ query: TREE_CHANGED });
  const signal = changed.data?.systemTreeChanged;

  useEffect(() => {
    if (!signal) return undefined;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: "network-only" }), REFETCH_QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [signal, reexecute]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const fresh = nodes.data?.systemTreeNodes;
  // Coming back to the tree shows the last index at once while the list is read again (a large
  // site's list takes a while): "the first useful paint <= 1 s after navigation".
  const index = useMemo(() => {
    if (!fresh) return lastIndex?.systemId === systemId ? lastIndex.index : null;
    if (lastIndex?.list === fresh) return lastIndex.index;
    const built = indexTree(fresh);
    lastIndex = { systemId, list: fresh, index: built };
    return built;
  }, [fresh, systemId]);
  const openCalls = calls.data?.callsChanged;
  const badges = useMemo(() => (index && openCalls ? openCallBadges(index, openCalls) : NO_BADGES), [index, openCalls]);
  // The battery thresholds of the global settings (AppData carries them), default 40/25.
  const settings = useMemo((): HealthSettings => ({ ...DEFAULT_GLOBAL_SETTINGS, ...(appData.globalSettings ?? {}) }), [appData.globalSettings]);

  return {
    index,
    failed: nodes.error !== undefined && !index,
    retry: () => reexecute({ requestPolicy: "network-only" }),
    badges,
    settings,
    now,
  };
}
