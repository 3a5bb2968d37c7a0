import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { GraphqlProvider } from "./providers/GraphqlProvider";

/** The route layout around the app's GraphQL screens (app/router.tsx): all but sign-in. */
export function GraphqlLayout(): ReactNode {
  return (
    <GraphqlProvider>
      <Outlet />
    </GraphqlProvider>
  );
}
