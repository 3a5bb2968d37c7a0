import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router";
import { lazyPage } from "./lazy-page";
import { useAppData } from "./providers/AppDataProvider";
import { GraphqlProvider } from "./providers/GraphqlProvider";

// Signed-in users only: the setup wizard and a signed-out session (user id 0, for whom neither
// popup opens) do without its code.
const SyncPopups = lazyPage(() => import("./sync-popups/SyncPopups"), "SyncPopups");

/**
 * The route layout around the app's GraphQL screens (app/router.tsx): all but sign-in. It also
 * holds the root-level set's commit and sync-error popups, which read the changelog and listen
 * for errors through the client (docs/decisions/036).
 */
export function GraphqlLayout(): ReactNode {
  const { data } = useAppData();
  return (
    <GraphqlProvider>
      <Outlet />
      {data.user.id !== 0 && (
        <Suspense fallback={null}>
          <SyncPopups />
        </Suspense>
      )}
    </GraphqlProvider>
  );
}
