import type { ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "react-router/dom";
import type { RestartableWsClient } from "../api/ws-client";
import { NotificationsHost } from "../ui/NotificationsHost";
import { AppDataProvider } from "./providers/AppDataProvider";
import { SystemProvider } from "./providers/SystemProvider";
import { router } from "./router";
import { theme } from "./theme";

interface AppProps {
  ws: RestartableWsClient;
  initialSystemId: number;
}

export function App({ ws, initialSystemId }: AppProps): ReactNode {
  return (
    <MantineProvider theme={theme}>
      <NotificationsHost />
      <SystemProvider ws={ws} initialSystemId={initialSystemId}>
        <AppDataProvider>
          <RouterProvider router={router} />
        </AppDataProvider>
      </SystemProvider>
    </MantineProvider>
  );
}
