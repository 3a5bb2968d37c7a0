import { useEffect, useState } from "react";
import { CLOCK_TICK_MS } from "@caresuite/domain";
import { serverNow } from "../../api/status";

/** The server's time, ticking every second (spec §9: "Clock tick 1 s"). */
export function useDisplayClock(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
