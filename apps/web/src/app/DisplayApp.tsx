import { Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MantineProvider } from "@mantine/core";
import type { RestartableWsClient } from "../api/ws-client";
import { useStore } from "../api/store";
import { httpFailure } from "../api/status";
import { UpdateBanner } from "../features/shell/UpdateBanner";
import { NotificationsHost } from "../ui/NotificationsHost";
import { PageLoader } from "../ui/PageLoader";
import { lazyPage } from "./lazy-page";
import { pageTitle } from "./page-title";
import { AppDataProvider } from "./providers/AppDataProvider";
import { SystemProvider } from "./providers/SystemProvider";
import { SystemMessagesListener } from "./SystemMessagesListener";
import { theme } from "./theme";

const DisplayPage = lazyPage(async () => (await import("../features/display/display-module")).loadDisplayPage(), "DisplayPage");
const HttpErrorPopup = lazyPage(() => import("../features/shell/HttpErrorPopup"), "HttpErrorPopup");

interface DisplayAppProps {
  ws: RestartableWsClient;
  initialSystemId: number;
}

/**
 * The display entry's root: the same providers as the app (system context, app data, live
 * socket) and the root-level pieces a wall screen needs (system messages, update notice, HTTP
 * error popup), around the board. The board is public: no route guard.
 */
export function DisplayApp({ ws, initialSystemId }: DisplayAppProps): ReactNode {
  return (
    <MantineProvider theme={theme}>
      <NotificationsHost />
      <SystemProvider ws={ws} initialSystemId={initialSystemId}>
        <AppDataProvider>
          <DisplayRoot />
        </AppDataProvider>
      </SystemProvider>
    </MantineProvider>
  );
}

function DisplayTitle(): null {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(t("display.title"));
  }, [t]);
  return null;
}

function DisplayRoot(): ReactNode {
  const failure = useStore(httpFailure);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        {/* Inside the boundary: the title's text arrives with the page's catalogue. */}
        <DisplayTitle />
        <DisplayPage />
      </Suspense>
      <SystemMessagesListener />
      {failure && (
        <Suspense fallback={null}>
          <HttpErrorPopup />
        </Suspense>
      )}
      <UpdateBanner />
    </>
  );
}
