import { useEffect, useState } from "react";
import { useClient } from "urql";
import { DEMO_NODE_IDS, DEMO_POLL_INTERVAL_MS } from "@caresuite/domain";
import { DEMO_NODE, type DemoNodeCalls } from "./demo.graphql";

/**
 * spec §7: the demo nodes (23, 24, 10) are polled every 8000 ms over plain HTTP. The screen
 * normally reads room states from the live subscription; the poll keeps the spec's demo rooms
 * right when the WebSocket is blocked (proxies at trade fairs) or reconnecting.
 * Returns the demo nodes' open calls, or null before the first answer.
 */
export function useDemoNodePolling(enabled: boolean): DemoNodeCalls["open_calls"] | null {
  const client = useClient();
  const [calls, setCalls] = useState<DemoNodeCalls["open_calls"] | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const poll = async (): Promise<void> => {
      const results = await Promise.all(DEMO_NODE_IDS.map((id) => client.query(DEMO_NODE, { id }, { requestPolicy: "network-only" }).toPromise()));
      if (stopped) return;
      // A node the site does not have (another installation) contributes nothing; when no node
      // answers, the last known state stays rather than pretending every room is quiet.
      const answered = results.filter((r) => r.data);
      if (answered.length > 0) setCalls(answered.flatMap((r) => r.data?.systemTreeNode.open_calls ?? []));
    };
    void poll();
    const timer = setInterval(() => void poll(), DEMO_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client, enabled]);

  return calls;
}
