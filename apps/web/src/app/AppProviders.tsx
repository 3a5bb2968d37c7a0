import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import type { RestartableWsClient } from "../api/ws-client";
import { NotificationsHost } from "../ui/NotificationsHost";
import { AppDataProvider } from "./providers/AppDataProvider";
import { SocketFollowsSession } from "./providers/SocketFollowsSession";
import { SystemProvider } from "./providers/SystemProvider";
import { cssVariablesResolver, theme } from "./theme";

export interface AppProvidersProps {
  ws: RestartableWsClient;
  initialSystemId: number;
  children: ReactNode;
}

/** What every page renders inside: theme, notifications, system context (urql + socket) and app data. */
export function AppProviders({ ws, initialSystemId, children }: AppProvidersProps): ReactNode {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <SystemProvider ws={ws} initialSystemId={initialSystemId}>
        <AppDataProvider>
          <SocketFollowsSession />
          {children}
        </AppDataProvider>
      </SystemProvider>
    </MantineProvider>
  );
}
