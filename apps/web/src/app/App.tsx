import type { ReactNode } from "react";
import { RouterProvider } from "react-router/dom";
import type { RestartableWsClient } from "../api/ws-client";
import { AppProviders } from "./AppProviders";
import { router } from "./router";

interface AppProps {
  ws: RestartableWsClient;
  initialSystemId: number;
}

export function App({ ws, initialSystemId }: AppProps): ReactNode {
  return (
    <AppProviders ws={ws} initialSystemId={initialSystemId}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
