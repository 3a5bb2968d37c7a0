import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { SYSTEM_STORAGE_KEY } from "@caresuite/domain";
import { setRequestSystem } from "../../api/request-context";
import { writeStorage } from "../../api/storage";
import { registerSystemReset } from "../../api/system-unavailable";
import type { RestartableWsClient } from "../../api/ws-client";

interface SystemContextValue {
  systemId: number;
  switchSystem: (systemId: number) => void;
  /** The live socket: system messages, and the GraphQL client's subscriptions (GraphqlProvider). */
  ws: RestartableWsClient;
}

const SystemContext = createContext<SystemContextValue | null>(null);

export function useSystemContext(): SystemContextValue {
  const value = useContext(SystemContext);
  if (!value) throw new Error("useSystemContext outside SystemProvider");
  return value;
}

interface SystemProviderProps {
  ws: RestartableWsClient;
  initialSystemId: number;
  children: ReactNode;
}

/**
 * The current system and the live socket. spec §4: "Switching the system context stores the id,
 * restarts the socket, resets the client cache and refetches app data": the GraphQL client is
 * made per system (GraphqlProvider), and AppData reloads when the system changes.
 */
export function SystemProvider({ ws, initialSystemId, children }: SystemProviderProps): ReactNode {
  const [systemId, setSystemId] = useState(initialSystemId);
  const current = useRef(initialSystemId);

  const switchSystem = useCallback(
    (next: number) => {
      if (next === current.current) return;
      current.current = next;
      writeStorage(SYSTEM_STORAGE_KEY, String(next));
      setRequestSystem(next);
      ws.restart();
      setSystemId(next);
    },
    [ws],
  );

  useEffect(() => registerSystemReset(() => switchSystem(1)), [switchSystem]);

  const value = useMemo(() => ({ systemId, switchSystem, ws }), [systemId, switchSystem, ws]);

  return <SystemContext.Provider value={value}>{children}</SystemContext.Provider>;
}
