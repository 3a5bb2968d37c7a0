import type { ReactNode } from "react";
import { Group, Paper, Progress, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCircle, IconCircleCheck, IconCircleX, IconLoader2 } from "@tabler/icons-react";
import type { SendStep } from "@caresuite/domain";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { stepStates, type StepState } from "./sync-view";
import classes from "./SyncPage.module.css";

const ICONS: Record<StepState, ReactNode> = {
  done: <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden="true" />,
  active: <IconLoader2 size={18} color="var(--mantine-color-blue-7)" aria-hidden="true" />,
  pending: <IconCircle size={18} aria-hidden="true" />,
  failed: <IconCircleX size={18} color="var(--mantine-color-red-7)" aria-hidden="true" />,
};

/**
 * spec "Send steps: init, preparing, wiping, sending, syncing, validating, finishing, done,
 * failed", with the percentage (getsconfig.progress, configChangelog progress) as a bar.
 */
export function PublishProgress({ step, progress, result }: { step: SendStep | null; progress: number; result: "done" | "failed" | null }): ReactNode {
  const { t } = useTranslation();
  const value = result === "done" ? 100 : progress;
  const current = result ?? step ?? "init";
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={TESTIDS.sync.progress}
      data-step={current}
      data-progress={value}
      data-result={result ?? ""}
      aria-live="polite"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t("syncPage.progress.title")}
          </Title>
          <Text fw={600} size="sm">
            {t(`syncPage.progress.steps.${current}`)} · {t("syncPage.progress.percent", { percent: value })}
          </Text>
        </Group>
        <Progress
          value={value}
          size="lg"
          radius="sm"
          color={result === "failed" ? "red" : result === "done" ? "teal" : "blue"}
          animated={result === null}
          aria-label={t("syncPage.progress.label")}
        />
        <ol className={classes.steps}>
          {stepStates(step, result).map(({ step: s, state }) => (
            <li key={s} className={classes.step} data-testid={TESTIDS.sync.step} data-step={s} data-state={state}>
              {ICONS[state]}
              <span>{t(`syncPage.progress.steps.${s}`)}</span>
              <VisuallyHidden>({t(`syncPage.progress.states.${state}`)})</VisuallyHidden>
            </li>
          ))}
        </ol>
      </Stack>
    </Paper>
  );
}
