import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Button, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { COMMIT_POPUP_POLL_MS, commitProgressShown, publishFailureText, routePathByName, SEND_STEPS, type SendStep } from "@caresuite/domain";
import { useStore } from "../../api/store";
import * as TESTIDS from "../../testids";
import { importProgress, publishStep, type CommitOutcome } from "../config-sync";
import { COMMIT_POPUP_CHANGELOG } from "./sync-popups.graphql";

export type CommitPopupMode = { kind: "running" } | { kind: "result"; outcome: CommitOutcome };

interface CommitPopupProps {
  mode: CommitPopupMode;
  /** The user may read the changelog (systemtree::sync): poll it; otherwise the pushes alone. */
  canPoll: boolean;
  /** The user may open /sync (systemtree::sync). */
  canOpenSync: boolean;
  /** Closes a shown result (a running publish cannot be closed). */
  onClose: () => void;
}

const isSendStep = (value: string | null | undefined): value is SendStep => typeof value === "string" && (SEND_STEPS as readonly string[]).includes(value);

/**
 * spec "The commit popup opens when a configuration commit is underway ... It polls the changelog
 * and shows the progress percentage while status is not Ready and progress is above 0." The
 * changelog is read every 4 s without the cache while the popup is open; the pushed progress
 * (getsconfig.progress) moves it in between. At the end it shows the result.
 */
export function CommitPopup({ mode, canPoll, canOpenSync, onClose }: CommitPopupProps): ReactNode {
  const { t } = useTranslation();
  const running = mode.kind === "running";
  const polling = running && canPoll;
  const [changelog, reexecute] = useQuery({ query: COMMIT_POPUP_CHANGELOG, requestPolicy: "network-only", pause: !polling });
  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => reexecute({ requestPolicy: "network-only" }), COMMIT_POPUP_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, reexecute]);
  const pushedProgress = useStore(importProgress);
  const pushedStep = useStore(publishStep);
  const polled = changelog.data?.configChangelog ?? null;
  // A push is newer than the last poll (pushes arrive on every change, the poll every 4 s).
  const percent = commitProgressShown({ status: polled?.status ?? null, progress: pushedProgress ?? polled?.progress ?? null });
  const step = [pushedStep, polled?.step].find(isSendStep) ?? null;

  const title = running ? t("syncPopups.commit.title") : mode.outcome.result === "done" ? t("syncPopups.commit.doneTitle") : t("syncPopups.commit.failedTitle");

  return (
    <Modal
      opened
      onClose={running ? () => undefined : onClose}
      title={title}
      withCloseButton={!running}
      closeOnEscape={!running}
      closeOnClickOutside={!running}
      centered
      zIndex={300}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid={TESTIDS.syncPopups.commit}
      data-mode={mode.kind}
    >
      <CommitPopupBody mode={mode} percent={percent} step={step} canOpenSync={canOpenSync} onClose={onClose} />
    </Modal>
  );
}

interface CommitPopupBodyProps {
  mode: CommitPopupMode;
  percent: number | null;
  step: SendStep | null;
  canOpenSync: boolean;
  onClose: () => void;
}

function failureTexts(t: TFunction, error: string | null): { reason: string | null; detail: string | null } {
  const { key, detail } = publishFailureText(error);
  return { reason: key ? t(key) : null, detail };
}

/** The popup's content (apart from the modal, so that it renders in a unit test). */
export function CommitPopupBody({ mode, percent, step, canOpenSync, onClose }: CommitPopupBodyProps): ReactNode {
  const { t } = useTranslation();
  const toSync = canOpenSync ? (
    <Button component={Link} to={routePathByName("sync")} onClick={mode.kind === "result" ? onClose : undefined} data-testid={TESTIDS.syncPopups.toSync}>
      {t("syncPopups.toSync")}
    </Button>
  ) : null;

  if (mode.kind === "running") {
    return (
      <Stack gap="md">
        <Text size="sm">{t("syncPopups.commit.text")}</Text>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} aria-live="polite" data-testid={TESTIDS.syncPopups.step} data-step={step ?? ""}>
              {step ? t("syncPopups.commit.step", { step: t(`syncPopups.commit.steps.${step}`) }) : t("syncPopups.commit.waiting")}
            </Text>
            {percent !== null && (
              <Text size="sm" fw={700} data-testid={TESTIDS.syncPopups.percent} data-percent={percent}>
                {t("syncPopups.commit.percent", { percent })}
              </Text>
            )}
          </Group>
          <Progress
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            size="lg"
            aria-label={t("syncPopups.commit.progressLabel")}
            // Without a percentage the bar only says "busy", as the text beside it does: no 100 % to announce.
            aria-hidden={percent === null || undefined}
          />
        </Stack>
        {toSync && <Group justify="flex-end">{toSync}</Group>}
      </Stack>
    );
  }

  return <ResultBody outcome={mode.outcome} toSync={toSync} onClose={onClose} />;
}

/** The end of the publish. The running content it replaces held the focus: it moves to Close. */
function ResultBody({ outcome, toSync, onClose }: { outcome: CommitOutcome; toSync: ReactNode; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const done = outcome.result === "done";
  const { reason, detail } = failureTexts(t, outcome.error);
  return (
    <Stack gap="md" data-testid={TESTIDS.syncPopups.result} data-result={outcome.result}>
      {done ? (
        <Group gap="xs" wrap="nowrap" role="status">
          <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
          <Text size="sm">{t("syncPopups.commit.doneText")}</Text>
        </Group>
      ) : (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
          <Stack gap={4}>
            {reason && (
              <Text size="sm" fw={600}>
                {reason}
              </Text>
            )}
            {detail && <Text size="sm">{t("syncPopups.commit.failedDetail", { detail })}</Text>}
            <Text size="sm">{t("syncPopups.commit.failedText")}</Text>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button ref={closeRef} variant="default" onClick={onClose} data-autofocus data-testid={TESTIDS.syncPopups.close}>
          {t("common.close")}
        </Button>
        {toSync}
      </Group>
    </Stack>
  );
}
