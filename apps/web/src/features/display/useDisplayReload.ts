import { useEffect, useRef } from "react";
import { displayReloadDue } from "@caresuite/domain";
import { useStore } from "../../api/store";
import { backendConnected } from "../../api/status";

const CHECK_EVERY_MS = 60_000;

/** spec: "The page reloads every 4 hours when the backend is connected." (a fresh bundle, no leaks). */
export function useDisplayReload(): void {
  const loadedAt = useRef(Date.now());
  const connected = useStore(backendConnected);
  useEffect(() => {
    const check = () => {
      if (displayReloadDue(loadedAt.current, Date.now(), backendConnected.get())) window.location.reload();
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [connected]);
}
