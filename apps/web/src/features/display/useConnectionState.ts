import { useEffect, useState } from "react";
import { useStore } from "../../api/store";
import { backendConnected } from "../../api/status";

/** Grace before the banner shows, so a quick reconnect does not flash it (issue: "within 5 s"). */
export const CONNECTION_LOST_GRACE_MS = 2000;

/**
 * Whether the board should say it lost the live socket: only after it was connected once and
 * the socket has stayed down for the grace period.
 */
export function useConnectionLost(): boolean {
  const connected = useStore(backendConnected);
  const [wasConnected, setWasConnected] = useState(connected);
  const [lost, setLost] = useState(false);
  useEffect(() => {
    if (connected) {
      setWasConnected(true);
      setLost(false);
      return undefined;
    }
    if (!wasConnected) return undefined;
    const timer = setTimeout(() => setLost(true), CONNECTION_LOST_GRACE_MS);
    return () => clearTimeout(timer);
  }, [connected, wasConnected]);
  return lost;
}
