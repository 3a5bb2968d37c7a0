import { useEffect, type ReactNode } from "react";
import { gql, useSubscription, type TypedDocumentNode } from "urql";
import { useTranslation } from "react-i18next";
import { isUpdateAvailable } from "@caresuite/domain";
import { log } from "../api/log";
import { availableUpdate, clockOffsetMs } from "../api/status";
import { notify } from "../ui/notify";
import { useAppData } from "./providers/AppDataProvider";
import {
  createSystemMessageDispatcher,
  payloadSecondsAsMs,
  payloadVersion,
  type SystemMessage,
} from "./system-messages";

const SYSTEM_MESSAGES: TypedDocumentNode<{ systemMessages: SystemMessage }> = gql`
  subscription SystemMessages {
    systemMessages {
      subject
      payload
    }
  }
`;

/** App-wide so that feature modules can add their subjects. */
export const systemMessages = createSystemMessageDispatcher(log.info);

/** Subscribes once for the whole app and handles the subjects of the walking skeleton. */
export function SystemMessagesListener(): ReactNode {
  const { t } = useTranslation();
  const { refetch } = useAppData();

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

  // The handler form sees every pushed message, even several within one render.
  useSubscription({ query: SYSTEM_MESSAGES }, (_previous, data) => {
    systemMessages.dispatch(data.systemMessages);
    return data;
  });

  return null;
}
