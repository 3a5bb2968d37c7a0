import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { GraphqlProvider } from "./providers/GraphqlProvider";
import { SyncPopups } from "./sync-popups/SyncPopups";

/**
 * The route layout around the app's GraphQL screens (app/router.tsx): all but sign-in. It also
 * holds the root-level set's commit and sync-error popups, which read the changelog and listen
 * for errors through the client (docs/decisions/036).
 */
export function GraphqlLayout(): ReactNode {
  return (
    <GraphqlProvider>
      <Outlet />
      <SyncPopups />
    </GraphqlProvider>
  );
}
