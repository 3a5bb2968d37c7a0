import { useEffect, useState, type ReactNode } from "react";
import { Button, Group, Paper, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { UPDATE_COUNTDOWN_SECONDS } from "@caresuite/domain";
import { useStore } from "../../api/store";
import { availableUpdate } from "../../api/status";
import * as TESTIDS from "../../testids";

/**
 * spec: "The update banner sits at the bottom when a new version is available. It counts down
 * from 30 seconds, then reloads. The user can reload now or cancel, which resets the count to 30."
 */
export function UpdateBanner(): ReactNode {
  const version = useStore(availableUpdate);
  return version ? <UpdateCountdown version={version} /> : null;
}

function UpdateCountdown({ version }: { version: string }): ReactNode {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(UPDATE_COUNTDOWN_SECONDS);
  const [running, setRunning] = useState(true);

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  useEffect(() => {
    if (running && seconds === 0) window.location.reload();
  }, [running, seconds]);

  const cancel = (): void => {
    setRunning(false);
    setSeconds(UPDATE_COUNTDOWN_SECONDS);
  };

  return (
    <Paper
      role="status"
      shadow="md"
      p="sm"
      radius={0}
      bg="var(--mantine-color-blue-0)"
      style={{ position: "fixed", insetInline: 0, bottom: 0, zIndex: 300 }}
      data-testid={TESTIDS.updateBanner}
    >
      <Group justify="center" gap="md">
        <IconRefresh size={18} aria-hidden="true" />
        <Text size="sm">
          {t("update.available", { version })} {running && <span data-testid={TESTIDS.updateCountdown}>{t("update.countdown", { seconds })}</span>}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => window.location.reload()} data-testid={TESTIDS.updateReload}>
            {t("update.reloadNow")}
          </Button>
          {running && (
            <Button size="xs" variant="default" onClick={cancel} data-testid={TESTIDS.updateCancel}>
              {t("common.cancel")}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
