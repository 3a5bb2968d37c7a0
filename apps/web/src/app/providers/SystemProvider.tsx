import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Client } from "@urql/core";
import { Provider as UrqlProvider } from "urql";
import { SYSTEM_STORAGE_KEY } from "@caresuite/domain";
import { navigateTo } from "../../api/navigation";
import { setRequestSystem } from "../../api/request-context";
import { sessionExpiredRedirect } from "../../api/session-expiry";
import { writeStorage } from "../../api/storage";
import { registerSystemReset } from "../../api/system-unavailable";
import { createUrqlClient } from "../../api/urql-client";
import type { RestartableWsClient } from "../../api/ws-client";

interface SystemContextValue {
  systemId: number;
  switchSystem: (systemId: number) => void;
}

const SystemContext = createContext<SystemContextValue | null>(null);

export function useSystemContext(): SystemContextValue {
  const value = useContext(SystemContext);
  if (!value) throw new Error("useSystemContext outside SystemProvider");
  return value;
}

function onMissingAuth(): void {
  const target = sessionExpiredRedirect(window.location);
  if (target !== null) navigateTo(target);
}

interface SystemProviderProps {
  ws: RestartableWsClient;
  initialSystemId: number;
  children: ReactNode;
}

/**
 * The current system and the GraphQL client that serves it. spec §4: "Switching the system
 * context stores the id, restarts the socket, resets the client cache and refetches app data."
 */
export function SystemProvider({ ws, initialSystemId, children }: SystemProviderProps): ReactNode {
  // A new urql client per system is the cache reset; AppData reloads because its client changed.
  const [state, setState] = useState<{ systemId: number; client: Client }>(() => ({
    systemId: initialSystemId,
    client: createUrqlClient({ ws, onMissingAuth }),
  }));
  const current = useRef(initialSystemId);

  const switchSystem = useCallback(
    (next: number) => {
      if (next === current.current) return;
      current.current = next;
      writeStorage(SYSTEM_STORAGE_KEY, String(next));
      setRequestSystem(next);
      ws.restart();
      setState({ systemId: next, client: createUrqlClient({ ws, onMissingAuth }) });
    },
    [ws],
  );

  useEffect(() => registerSystemReset(() => switchSystem(1)), [switchSystem]);

  const { systemId, client } = state;
  const value = useMemo(() => ({ systemId, switchSystem }), [systemId, switchSystem]);

  return (
    <SystemContext.Provider value={value}>
      <UrqlProvider value={client}>{children}</UrqlProvider>
    </SystemContext.Provider>
  );
}
