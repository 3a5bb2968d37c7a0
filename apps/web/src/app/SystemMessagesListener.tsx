import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isUpdateAvailable } from "@caresuite/domain";
import { log } from "../api/log";
import { availableUpdate, clockOffsetMs, serverNow } from "../api/status";
import { registerConfigSyncMessages, resetConfigSync } from "./config-sync";
import { notify } from "../ui/notify";
import { useAppData } from "./providers/AppDataProvider";
import { useSystemContext } from "./providers/SystemProvider";
import { createSystemMessageDispatcher, payloadSecondsAsMs, payloadVersion } from "./system-messages";
import { SYSTEM_MESSAGES_SUBSCRIPTION, type SystemMessagesResult } from "./system-messages-subscription";

/** App-wide so that feature modules can add their subjects. */
export const systemMessages = createSystemMessageDispatcher(log.info);

/** Subscribes once for the whole app and handles the subjects of the walking skeleton. */
export function SystemMessagesListener(): ReactNode {
  const { t } = useTranslation();
  const { data, refetch } = useAppData();
  const { ws, systemId } = useSystemContext();
  const commitStartRef = useRef(data.appState.committing_gets_config);
  useEffect(() => {
    commitStartRef.current = data.appState.committing_gets_config;
  }, [data.appState.committing_gets_config]);

  // spec §7: getsconfig.* set or clear committing and the import progress; getshttp.* count sync jobs.
  useEffect(() => {
    resetConfigSync();
    return registerConfigSyncMessages(systemMessages, {
      appDataCommitStart: () => commitStartRef.current,
      now: serverNow,
      refetch: () => void refetch(),
    });
  }, [refetch, systemId]);

  useEffect(() => {
    const offTime = systemMessages.register("time", (payload) => {
      // spec: "time (sets the clock from payload seconds x 1000)"
      const serverMs = payloadSecondsAsMs(payload);
      if (serverMs !== null) clockOffsetMs.set(serverMs - Date.now());
    });
    const offRestart = systemMessages.register("restart", (payload) => {
      notify({ type: "warning", title: t("systemMessages.restartTitle"), text: t("systemMessages.restartText") });
      const version = payloadVersion(payload);
      if (version && isUpdateAvailable(version)) availableUpdate.set(version);
    });
    const offReload = systemMessages.register("reload", () => window.location.reload());
    // A configurator changed: names and weekend windows (publicSystemParams) come with AppData.
    const offSystemParams = systemMessages.register("systemparams.updated", () => void refetch());
    return () => {
      offTime();
      offRestart();
      offReload();
      offSystemParams();
    };
  }, [t, refetch]);

  // graphql-ws keeps the subscription through reconnects and system switches (ws.restart).
  useEffect(
    () =>
      ws.subscribe<SystemMessagesResult>(
        { query: SYSTEM_MESSAGES_SUBSCRIPTION, operationName: "SystemMessages" },
        {
          next: (result) => {
            if (result.data) systemMessages.dispatch(result.data.systemMessages);
            else if (result.errors) log.warn("system messages", result.errors.map((e) => e.message).join("; "));
          },
          error: (error) => log.warn("system messages ended", error),
          complete: () => undefined,
        },
      ),
    [ws],
  );

  return null;
}
