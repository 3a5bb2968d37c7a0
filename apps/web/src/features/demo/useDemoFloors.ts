import { useCallback, useEffect, useState } from "react";
import { DEMO_POLL_INTERVAL_MS } from "@caresuite/domain";
import { fetchDemoFloors, type DemoFloor } from "./demo-api";

export type DemoFloorsState = { status: "loading" } | { status: "failed" } | { status: "ready"; floors: DemoFloor[] };

/**
 * The demo floors and rooms (GET /demo/rooms), with a retry for a failed load. Right after the
 * server started, the call system's tree may not be imported yet: then it asks again at the
 * spec's demo poll interval (§9 "Demo poll 8000 ms").
 */
export function useDemoFloors(enabled: boolean): { state: DemoFloorsState; retry: () => void } {
  const [state, setState] = useState<DemoFloorsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    fetchDemoFloors(abort.signal).then(
      (floors) => {
        setState({ status: "ready", floors });
        if (!floors.some((floor) => floor.rooms.length > 0)) again = setTimeout(() => setAttempt((n) => n + 1), DEMO_POLL_INTERVAL_MS);
      },
      () => {
        if (!abort.signal.aborted) setState({ status: "failed" });
      },
    );
    return () => {
      abort.abort();
      clearTimeout(again);
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
