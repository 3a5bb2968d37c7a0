import { useState, type ReactNode } from "react";
import { Alert, Anchor } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { linkOutdatedHubsBanner, routePathByName, showOutdatedHubsBanner, STORAGE_PREFIX } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";

// spec: "It is dismissible and remembered for the session." - hence sessionStorage.
const DISMISSED_KEY = `${STORAGE_PREFIX}outdated_hubs_dismissed`;

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Warning about hubs whose data is outdated (spec "Application shell"). */
export function OutdatedHubsBanner(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const [dismissed, setDismissed] = useState(readDismissed);
  const hubs = data.appState.outdated_hubs;

  const visible = showOutdatedHubsBanner({
    user: data.user,
    demoMode: data.appState.features.demo_mode,
    outdatedHubCount: hubs.length,
    outdatedHubsDismissed: dismissed,
  });
  if (!visible) return null;

  const dismiss = (): void => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // Only remembered for this page then.
    }
  };

  return (
    <Alert
      color="yellow"
      radius={0}
      icon={<IconAlertTriangle size={18} />}
      withCloseButton
      closeButtonLabel={t("common.close")}
      onClose={dismiss}
      data-testid={TESTIDS.shell.outdatedHubs}
    >
      {t("outdatedHubs.text", { names: hubs.map((hub) => hub.name).join(", ") })}{" "}
      {linkOutdatedHubsBanner(data.user) && (
        <Anchor component={Link} to={routePathByName("hubList")} size="sm">
          {t("outdatedHubs.link")}
        </Anchor>
      )}
    </Alert>
  );
}
