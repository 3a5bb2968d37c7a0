import { useEffect, useState } from "react";
import { CLOCK_TICK_MS } from "@caresuite/domain";
import { serverNow } from "../api/status";

/**
 * The server's time (ms), ticking every second (spec §9: "Clock tick 1 s"). Shared by every screen
 * that shows a running time (board, call form, demo previews, commit window). `ticking` false
 * stops the timer while nothing depends on the time.
 */
export function useServerClock(ticking = true): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = setInterval(() => setNow(serverNow()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
