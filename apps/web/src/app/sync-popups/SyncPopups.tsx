import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useClient } from "urql";
import { COMMIT_DONE_VISIBLE_MS, findRouteChain, hasPermission, routePathByName, showCommitPopup, showSyncErrorPopup } from "@caresuite/domain";
import { log } from "../../api/log";
import { serverNow } from "../../api/status";
import { useStore } from "../../api/store";
import { commitOutcome, type CommitOutcome } from "../config-sync";
import { useAppData } from "../providers/AppDataProvider";
import { useCommitting } from "../shell/useCommitting";
import { useConfigSync } from "../shell/useConfigSync";
import { dismissSyncErrors, receiveSyncError, syncErrors } from "./sync-error";
import { GETS_HTTP_ERROR } from "./sync-popups.graphql";

// The popups' code and texts load when one first opens: no page carries them.
const CommitPopup = lazy(async () => ({ default: await (await import("./sync-popups-module")).loadCommitPopup() }));
const SyncErrorPopup = lazy(async () => ({ default: await (await import("./sync-popups-module")).loadSyncErrorPopup() }));

/**
 * The commit popup and the sync-error popup of the spec's root-level set, beside every screen
 * that has the GraphQL client (all but sign-in, where the user is id 0 and neither opens; the
 * display board is its own page). Decides when each opens (packages/domain rules/sync-popups.ts),
 * listens for getsHTTPError, and shows one popup at a time: a sync error before the commit
 * popup, since it ends the publish it reports on (docs/decisions/036).
 */
export function SyncPopups(): ReactNode {
  const navigate = useNavigate();
  const client = useClient();
  const { pathname } = useLocation();
  const { data } = useAppData();
  const { user } = data;
  const maySync = hasPermission(user, "systemtree::sync");
  const listening = user.id !== 0 && maySync;
  const routeNames = useMemo(() => (findRouteChain(pathname) ?? []).map((def) => def.name), [pathname]);
  const committing = useCommitting(useConfigSync().commitStart);
  const outcome = useStore(commitOutcome);
  const errors = useStore(syncErrors);

  // spec "getsHTTPError (action, checks, message, payload, url, success)", for users who may sync
  // (the server asks systemtree::sync of the subscription).
  useEffect(() => {
    if (!listening) return undefined;
    const { unsubscribe } = client.subscription(GETS_HTTP_ERROR, {}).subscribe((result) => {
      if (result.data) receiveSyncError(result.data.getsHTTPError);
      else if (result.error) log.warn("sync errors", result.error.message);
    });
    return unsubscribe;
  }, [client, listening]);

  // The result shows only where the running popup was shown: a user who watched the publish on
  // /sync has seen it there. (State adjusted while rendering: each pushed outcome is handled once.)
  const running = showCommitPopup({ committing, routeNames, userId: user.id });
  // Here the commit popup may show (a result, once the commit has ended).
  const placeAllows = showCommitPopup({ committing: true, routeNames, userId: user.id });
  const [watching, setWatching] = useState(false);
  const [seen, setSeen] = useState<CommitOutcome | null>(outcome);
  const [result, setResult] = useState<CommitOutcome | null>(null);
  if (running && !watching) setWatching(true);
  if (outcome !== null && outcome !== seen && !running) {
    setSeen(outcome);
    setWatching(false);
    setResult(watching && placeAllows ? outcome : null);
  }
  // Leaving for /sync (or signing out) ends the result: the sync page shows it there.
  if (result !== null && !placeAllows) setResult(null);
  // A successful publish's result closes by itself; a failure stays until closed.
  useEffect(() => {
    if (result?.result !== "done") return undefined;
    const timer = setTimeout(() => setResult(null), Math.max(0, COMMIT_DONE_VISIBLE_MS - (serverNow() - result.at)));
    return () => clearTimeout(timer);
  }, [result]);
  const closeResult = (): void => setResult(null);

  const errorShown = errors !== null && showSyncErrorPopup({ hasError: true, routeNames, userId: user.id });
  const resultShown = result !== null && !running;

  if (errorShown) {
    const close = (): void => {
      dismissSyncErrors();
      // The error ended the publish the commit popup would report on: one popup said it.
      closeResult();
    };
    return (
      <Suspense fallback={null}>
        <SyncErrorPopup
          queue={errors}
          onIgnore={close}
          onGoToSync={() => {
            close();
            navigate(routePathByName("sync"));
          }}
        />
      </Suspense>
    );
  }
  if (running || resultShown) {
    return (
      <Suspense fallback={null}>
        <CommitPopup
          mode={running || result === null ? { kind: "running" } : { kind: "result", outcome: result }}
          canPoll={maySync}
          canOpenSync={maySync}
          onClose={closeResult}
        />
      </Suspense>
    );
  }
  return null;
}
