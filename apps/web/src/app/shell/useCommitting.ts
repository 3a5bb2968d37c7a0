import { useEffect, useState } from "react";
import { CLOCK_TICK_MS, isCommitting } from "@caresuite/domain";
import { serverNow } from "../../api/status";

/**
 * Whether a configuration commit runs now. The 15-minute window ends on its own, so while a
 * commit start is known the answer is re-evaluated every clock tick (spec: "Clock tick 1 s").
 */
export function useCommitting(commitStart: string | null): boolean {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!commitStart) return undefined;
    const timer = setInterval(() => setNow(serverNow()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [commitStart]);
  return isCommitting(commitStart, new Date(now));
}
