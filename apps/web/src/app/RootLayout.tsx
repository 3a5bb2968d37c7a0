import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { useStore } from "../api/store";
import { httpFailure } from "../api/status";
import { UpdateBanner } from "../features/shell/UpdateBanner";
import { PageLoader } from "../ui/PageLoader";
import { RouteGuard } from "./RouteGuard";
import { SystemMessagesListener } from "./SystemMessagesListener";
import { lazyPage } from "./lazy-page";
import { usePageTitle } from "./usePageTitle";

// Loaded on the first failure only: a modal pulls in focus trap and scroll lock, which /login
// does not otherwise need.
const HttpErrorPopup = lazyPage(() => import("../features/shell/HttpErrorPopup"), "HttpErrorPopup");

/**
 * Above every screen: the guard, the page title and the spec's "root-level set" (modal routes
 * render through the outlets, notifications through Mantine's container, the HTTP error popup
 * and the update notifier here).
 */
export function RootLayout(): ReactNode {
  usePageTitle();
  const failure = useStore(httpFailure);
  return (
    <>
      <RouteGuard>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteGuard>
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
