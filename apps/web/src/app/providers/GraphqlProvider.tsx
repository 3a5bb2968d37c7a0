import { useMemo, type ReactNode } from "react";
import { Provider as UrqlProvider } from "urql";
import { navigateTo } from "../../api/navigation";
import { sessionExpiredRedirect } from "../../api/session-expiry";
import { createUrqlClient } from "../../api/urql-client";
import { useSystemContext } from "./SystemProvider";

function onMissingAuth(): void {
  const target = sessionExpiredRedirect(window.location);
  if (target !== null) navigateTo(target);
}

/**
 * The GraphQL client for the screens that use it: every screen but sign-in, which posts to REST
 * and so loads without the client (docs/decisions/014-sign-in-without-graphql-client.md).
 * One client per system is the spec's cache reset on a system switch (spec §4).
 */
export function GraphqlProvider({ children }: { children: ReactNode }): ReactNode {
  const { systemId, ws } = useSystemContext();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- systemId is the reset trigger
  const client = useMemo(() => createUrqlClient({ ws, onMissingAuth }), [ws, systemId]);
  return <UrqlProvider value={client}>{children}</UrqlProvider>;
}
