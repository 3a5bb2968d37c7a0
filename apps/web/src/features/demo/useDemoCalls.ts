import { useSubscription } from "urql";
import { DEMO_CALLS_CHANGED, type DemoCall } from "./demo.graphql";

export type DemoCallsState = { status: "loading" } | { status: "failed" } | { status: "live"; calls: DemoCall[] };

/**
 * The open calls, live: every browser on the demo screen derives its buttons from them, so they
 * all stay in step. After a dropped socket the subscription starts again with the full list.
 */
export function useDemoCalls(enabled: boolean): DemoCallsState {
  const [{ data, error }] = useSubscription({ query: DEMO_CALLS_CHANGED, pause: !enabled });
  if (data) return { status: "live", calls: data.callsChanged };
  if (error) return { status: "failed" };
  return { status: "loading" };
}
