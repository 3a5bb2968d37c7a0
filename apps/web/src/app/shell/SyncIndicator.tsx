import { type CSSProperties, type ReactNode } from "react";
import { Button, Progress, Stack, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconRefresh, IconServerOff } from "@tabler/icons-react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { routePathByName, syncIndicator, TOOLTIP_DELAY_MS, type SyncIndicatorState } from "@caresuite/domain";
import { useAppData } from "../providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { useServerClock } from "../../ui/useServerClock";
import { useConfigSync } from "./useConfigSync";
import { useMinVisible } from "./useMinVisible";
import classes from "./SyncIndicator.module.css";

const LOOK: Record<SyncIndicatorState["kind"], { color: string; icon: typeof IconRefresh }> = {
  systemsMissing: { color: "red", icon: IconServerOff },
  neverSynced: { color: "orange", icon: IconAlertTriangle },
  submitting: { color: "blue", icon: IconCloudUpload },
  needsCommit: { color: "orange", icon: IconRefresh },
  inSync: { color: "teal", icon: IconCircleCheck },
};

/** The state's short label and its longer explanation. */
function texts(t: TFunction, state: SyncIndicatorState): { label: string; detail: string } {
  const values = state.kind === "submitting" ? { count: state.count } : state.kind === "needsCommit" ? { minutes: state.minutes } : {};
  return {
    label: t(`shell.syncIndicator.${state.kind}`, values),
    detail: t(`shell.syncIndicator.${state.kind}Detail`, values),
  };
}

/**
 * The top bar's sync indicator (spec §4 "Sync indicator"): the configuration's sync state as a
 * link to the sync page (the system list when there is no system), pulsing while a commit is
 * pending, with a progress bar while HTTP sync jobs run (at least 3 s).
 */
export function SyncIndicator(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { lastChange, syncJobCount } = useConfigSync();
  // Minutes since the last change move the text and the pulse: tick while it matters.
  const now = useServerClock(true);
  const view = syncIndicator({
    systemCount: data.systems.length,
    demoMode: data.appState.features.demo_mode,
    lastCommit: data.appState.last_gets_commit,
    lastChange,
    syncJobCount,
    now: new Date(now),
  });
  const progressVisible = useMinVisible(syncJobCount > 0);
  const { label, detail } = texts(t, view.state);
  const linkHint = t(view.linkTo === "sync" ? "shell.syncIndicator.toSync" : "shell.syncIndicator.toSystems");
  const { color, icon: Icon } = LOOK[view.state.kind];

  return (
    <Stack gap={2} data-testid={TESTIDS.shell.syncIndicator} data-state={view.state.kind}>
      <Tooltip label={`${detail} ${linkHint}`} openDelay={TOOLTIP_DELAY_MS} multiline maw={320} withinPortal>
        <Button
          component={Link}
          to={routePathByName(view.linkTo)}
          size="compact-sm"
          variant="light"
          color={color}
          leftSection={<Icon size={14} aria-hidden="true" />}
          // The accessible name starts with the visible text (WCAG 2.5.3 "label in name").
          aria-label={`${label}. ${detail} ${linkHint}`}
          className={view.pulse > 0 ? classes.pulse : undefined}
          // Dark text: the light variant's own colour reads under 4.5:1 on its tint over the top bar.
          style={{ "--button-color": "var(--mantine-color-dark-7)", "--pulse": String(view.pulse) } as CSSProperties}
          data-testid={TESTIDS.shell.syncIndicatorLink}
          data-pulse={view.pulse.toFixed(2)}
        >
          {label}
        </Button>
      </Tooltip>
      {progressVisible && (
        <Progress value={100} animated striped size={3} aria-label={t("shell.syncIndicator.progress")} data-testid={TESTIDS.shell.syncProgress} />
      )}
    </Stack>
  );
}
