import { Suspense, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RestartableWsClient } from "../api/ws-client";
import { PageLoader } from "../ui/PageLoader";
import { AppProviders } from "./AppProviders";
import { GraphqlProvider } from "./providers/GraphqlProvider";
import { lazyPage } from "./lazy-page";
import { pageTitle } from "./page-title";
import { RootLevelParts } from "./RootLevelParts";

const DisplayPage = lazyPage(async () => (await import("../features/display/display-module")).loadDisplayPage(), "DisplayPage");

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
    <AppProviders ws={ws} initialSystemId={initialSystemId}>
      <GraphqlProvider>
        <DisplayRoot />
      </GraphqlProvider>
    </AppProviders>
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
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        {/* Inside the boundary: the title's text arrives with the page's catalogue. */}
        <DisplayTitle />
        <DisplayPage />
      </Suspense>
      <RootLevelParts />
    </>
  );
}
