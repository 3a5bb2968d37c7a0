import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../ui/PageLoader";
import { RootLevelParts } from "./RootLevelParts";
import { RouteGuard } from "./RouteGuard";
import { usePageTitle } from "./usePageTitle";

/**
 * Above every screen: the guard, the page title and the spec's "root-level set" (modal routes
 * render through the outlets, notifications through Mantine's container, the HTTP error popup
 * and the update notifier here; the commit and sync-error popups in GraphqlLayout, beside every
 * screen but sign-in, as they need the GraphQL client).
 */
export function RootLayout(): ReactNode {
  usePageTitle();
  return (
    <>
      <RouteGuard>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteGuard>
      <RootLevelParts />
    </>
  );
}
